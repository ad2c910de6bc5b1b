// Tolaria's search in the browser: the search docs/search.md specifies, run over the data
// the build writes (the index's postings and statistics, the analysis, the word lists, the
// glossary, every edition's numbers, the constants of the ranking). Each section below names
// the part of the specification it implements; the CLI implements the same one, in the same
// order of operations, so that both compute the same scores and rank the same rules.
// Snowball stems come from the vendored snowball-stemmers (the same algorithms as the
// index's).
//   TolariaSearch.open(folder, englishFolder, snowballFactory, fetchJSON)
//     -> Promise of {search(query, lang, limit) -> Promise of [{number, lang, title}],
//        best first; completed(text, lang)}, the data loaded as the search asks for it
(function (root) {
  "use strict"
  var WORD = /[\p{L}\p{N}_]+/gu

  function create(data, snowball) {
    var C = data.constants, A = data.analysis, F = data.fields
    var STEMMER = { en: "english", es: "spanish", it: "italian" }, KEYS = "keys_"
    var stemmers = {}, keyCache = {}, vocabularies = {}, titleKeys = {}, dfCache = {}
    var sets = function (lists) {
      var out = {}
      for (var k in lists) out[k] = new Set(lists[k])
      return out
    }
    var stop = sets(A.stop), filler = sets(A.filler), never = sets(A.never)
    var operators = new Set(C.OPERATORS)

    // --- analysis (search.md: Analysis) -------------------------------------------------
    function fold(word) {
      return /^[\x00-\x7f]*$/.test(word) ? word
        : word.normalize("NFKD").replace(/\p{Mn}/gu, "")
    }
    function words(text) { return text.match(WORD) || [] }
    var stemmed = {}  // lang -> word -> stem (a word is stemmed once)
    function stem(lang, word) {
      if (!stemmers[lang]) {
        stemmers[lang] = snowball.newStemmer(STEMMER[lang])
        stemmed[lang] = new Map()
      }
      var found = stemmed[lang].get(word)
      if (found === undefined) stemmed[lang].set(word, found = stemmers[lang].stem(word))
      return found
    }
    function stems(lang, word) {  // a word's stems, folded
      var folded = fold(word), own = A.own[lang][folded]
      if (own !== undefined) return [own]
      var first = fold(stem(lang, word)), second = stem(lang, folded)
      var found = first === second ? [first] : [first, second]
      var digits = A.digits[lang][folded]
      return digits === undefined ? found : found.concat([digits])
    }
    function keys(lang, word) {  // every key of a word; null for a stop word
      var id = lang + "\u0000" + word
      if (id in keyCache) return keyCache[id]
      var lower = word.toLowerCase(), out = null
      if (!stop[lang].has(lower) && lower.replace(/^_+|_+$/g, "")) {
        out = Array.from(new Set(stems(lang, lower).concat(["=" + fold(lower)])))
      }
      return (keyCache[id] = out)
    }
    function stemKeys(lang, word) {
      return (keys(lang, word) || []).filter(function (k) { return k[0] !== "=" })
    }
    function meets(a, b) {  // whether two key lists (or a list and a Set) share a key
      var i
      if (b instanceof Set) {
        for (i = 0; i < a.length; i++) if (b.has(a[i])) return true
        return false
      }
      for (i = 0; i < a.length; i++) if (b.indexOf(a[i]) >= 0) return true  // a few keys each
      return false
    }
    function isFiller(lang, word) { return filler[lang].has(fold(word.toLowerCase())) }

    // --- a query's words, quoted phrases and operators -------------------------------------
    function clean(text) {
      text = text.slice(0, C.MAX_CHARS * 4).normalize("NFC").replace(/[\p{C}\p{Z}]/gu, " ")
      text = text.split(" ").filter(Boolean).join(" ")
      if (text.length > C.MAX_CHARS) {
        var cut = text.lastIndexOf(" ", C.MAX_CHARS - 1)
        text = text.slice(0, cut > C.MAX_CHARS / 2 ? cut : C.MAX_CHARS)
      }
      return text
    }
    function parse(text) {
      var cleaned = clean(text.replace(/[“”«»]/g, '"'))
      var all = [], phrases = []
      cleaned.split('"').forEach(function (part, index) {
        var found = words(part).map(function (w) { return w.slice(0, C.MAX_WORD) })
          .filter(function (w) { return w.replace(/^_+|_+$/g, "") && !operators.has(w) })
        found = found.slice(0, Math.max(0, C.MAX_WORDS - all.length))
        all = all.concat(found)
        if (index % 2 === 1 && found.length > 1) phrases.push(found)
      })
      return all.length ? { words: all, phrases: phrases } : null
    }

    // --- the index: presence, document frequency, BM25F (search.md: What is indexed, …) ---
    // A term's postings come from its shard (data.postings: undefined when the field does
    // not hold the term, null while its shard is not loaded yet, which the store notes: the
    // search is then run again once the shards are loaded, and only a run that found every
    // shard it asked for is answered)
    function raw(field, text) {
      return F[field] ? data.postings(field, text) : undefined
    }
    function present(field, text) { return !!raw(field, text) }
    function postings(field, text) {  // [[doc, weight or score, positions]]
      var id = field + "\u0000" + text
      if (id in dfCache) return dfCache[id]
      var entry = F[field], stored = raw(field, text), out = [], doc = 0
      if (stored === null) return out
      for (var i = 0; stored && i < stored.length;) {  // documents and positions as deltas
        doc += stored[i]
        if (entry.positions) {
          var positions = [], at = 0
          for (var k = 0; k < stored[i + 1]; k++) positions.push(at += stored[i + 2 + k])
          out.push([doc, stored[i + 1], positions])
          i += 2 + stored[i + 1]
        } else {
          out.push([doc, stored[i + 1], null])
          i += 2
        }
      }
      return (dfCache[id] = out)
    }
    var keySets = {}
    function docHolds(number, lang, stemList) {  // whether a document's stem keys hold one
      return stemList.some(function (k) {  // (the field keys_LANG: key -> documents)
        var id = lang + "\u0000" + k, found = keySets[id]
        if (!found) {
          var stored = raw(KEYS + lang, k), doc = 0
          found = new Set()
          for (var i = 0; stored && i < stored.length; i++) found.add(doc += stored[i])
          if (stored !== null) keySets[id] = found
        }
        return found.has(number)
      })
    }
    function termScores(field, text) {  // doc -> score of a Term leaf (boost 1)
      var entry = F[field], found = postings(field, text), out = new Map()
      if (!found.length) return out
      var idf = entry.scorable && data.idf[field.slice(field.lastIndexOf("_") + 1)][found.length]
      var B = C.B, K1 = C.K1
      found.forEach(function (p) {
        if (!entry.scorable) { out.set(p[0], p[1]); return }
        var tf = p[1], fl = entry.lengths[p[0]], avgfl = entry.avg
        out.set(p[0], idf * ((tf * (K1 + 1)) / (tf + K1 * ((1 - B) + B * fl / avgfl))))
      })
      return out
    }
    function weigh(lang, stemList) {  // how telling a word is (its rarest stem)
      var frequency = 0
      stemList.forEach(function (k) {
        frequency = Math.max(frequency, postings("stem_" + lang, k).length)
      })
      if (!frequency) return 0
      var table = data.word_weights[lang], total = data.counts[lang] || 1
      return table[Math.min(frequency, total)]
    }

    // --- queries: term, any (sum), and (all), phrase -----------------------------------------
    function term(field, text, boost) { return { t: "term", f: field, text: text, boost: boost || 1 } }
    function one(clauses, kind, boost) {  // one clause alone is itself
      boost = boost === undefined ? 1 : boost
      if (!clauses.length) return null
      if (clauses.length === 1) {
        return boost === 1 ? clauses[0] : withBoost(clauses[0], clauses[0].boost * boost)
      }
      return { t: kind || "any", subs: clauses, boost: boost }
    }
    function withBoost(q, boost) {
      var copy = {}
      for (var k in q) copy[k] = q[k]
      copy.boost = boost
      return copy
    }
    function flat(q) {  // a sum of leaves, boosts multiplied through
      if (q.t === "and") return { t: "and", subs: q.subs.map(flat), boost: q.boost }
      if (q.t !== "any") return q
      var leaves = []
      var walk = function (node, factor) {
        if (node.t === "any") node.subs.forEach(function (s) { walk(s, factor * node.boost) })
        else leaves.push(factor === 1 ? node : withBoost(node, node.boost * factor))
      }
      walk(q, 1)
      return leaves.length > 1 ? { t: "any", subs: leaves, boost: 1 } : leaves[0]
    }
    function tree(values) {  // additive matchers' scores added pairwise, as a balanced tree
      if (values.length === 1) return values[0]
      var half = values.length >> 1
      return tree(values.slice(0, half)) + tree(values.slice(half))
    }
    function scores(q) {  // doc -> score, as Whoosh's matchers compute it
      var out = new Map(), boosted = function (s) { return q.boost === 1 ? s : s * q.boost }
      if (q.t === "term") {
        termScores(q.f, q.text).forEach(function (s, d) { out.set(d, boosted(s)) })
      } else if (q.t === "phrase") {
        var lists = q.words.map(function (w) { return postings(q.f, w) })
        var byDoc = lists.map(function (l) {
          return new Map(l.map(function (p) { return [p[0], p[2]] }))
        })
        var each = q.words.map(function (w) { return termScores(q.f, w) })
        lists[0].forEach(function (p) {
          var doc = p[0]
          if (!byDoc.every(function (m) { return m.has(doc) })) return
          var hit = p[2].some(function (start) {
            return byDoc.every(function (m, i) { return m.get(doc).indexOf(start + i) >= 0 })
          })
          if (hit) out.set(doc, boosted(tree(each.map(function (m) { return m.get(doc) }))))
        })
      } else {
        var parts = q.subs.map(scores)
        var docs = q.t === "and" ? Array.from(parts[0].keys()).filter(function (d) {
          return parts.every(function (m) { return m.has(d) })
        }) : Array.from(new Set([].concat.apply([], parts.map(function (m) {
          return Array.from(m.keys())
        }))))
        docs.forEach(function (d) {
          var values = parts.filter(function (m) { return m.has(d) }).map(function (m) {
            return m.get(d)
          })
          out.set(d, boosted(tree(values)))
        })
      }
      return out
    }
    function add(a, b) { return a + b }
    function flatScores(q) {  // a flat sum: every leaf's score added into one array, in order
      if (q.t !== "any") return scores(q)
      var out = new Map()
      q.subs.forEach(function (leaf) {
        scores(leaf).forEach(function (s, d) { out.set(d, (out.get(d) || 0) + s) })
      })
      return out
    }

    // --- the glossary's names (search.md: What is indexed, and how it is ranked) -----------
    var G = data.glossary
    // What the analysis alone decides of a query (the glossary's names, the word lists'
    // entries and the best bets it holds) is found once per query and kept: every run of a
    // search (one per round of shards) and the English reading ask it again.
    var found_ = new Map()
    function once(kind, query, find) {
      var id = kind + "\u0001" + query.join("\u0000")
      if (!found_.has(id)) found_.set(id, find())
      return found_.get(id)
    }
    function findTerms(query) {  // the glossary names a query holds, in any language
      return once("terms", query, function () { return glossaryTerms(query) })
    }
    function glossaryTerms(query) {
      var perLang = {}, held = {}
      data.langs.forEach(function (lang) {
        perLang[lang] = []
        held[lang] = new Set()
        query.forEach(function (w, i) {
          var k = keys(lang, w)
          if (k) { perLang[lang].push([i, k]); k.forEach(function (x) { held[lang].add(x) }) }
        })
      })
      var spelled = query.map(function (w) { return fold(w.toLowerCase()) })
      var found = []
      G.names.forEach(function (entry, order) {
        var lang = entry[1], name = entry[2]
        if (!held[lang] || !name.every(function (part) { return meets(part, held[lang]) })) return
        var sequence = perLang[lang]
        for (var start = 0; start + name.length <= sequence.length; start++) {
          var window = sequence.slice(start, start + name.length)
          if (window.every(function (w, i) { return meets(w[1], name[i]) })) {
            var exact = holds(spelled, entry[3])
            found.push([-name.length, exact ? 0 : 1, order, G.terms[entry[0]], lang,
              window.map(function (w) { return w[0] }), exact])
            break
          }
        }
      })
      found.sort(function (a, b) { return a[0] - b[0] || a[1] - b[1] || a[2] - b[2] })
      var covered = new Set(), seen = new Set(), out = []
      found.forEach(function (f) {
        var id = f[3].id + "\u0000" + f[4]
        if (f[5].some(function (i) { return covered.has(i) }) || seen.has(id)) return
        f[5].forEach(function (i) { covered.add(i) })
        seen.add(id)
        out.push({ term: f[3], lang: f[4], words: new Set(f[5]), exact: f[6] })
      })
      return out
    }
    function holds(list, part) {
      for (var i = 0; i + part.length <= list.length; i++) {
        if (part.every(function (w, j) { return list[i + j] === w })) return true
      }
      return false
    }

    // --- the word lists: synonyms and bridges to English (search.md: Word lists, …) ---------
    function findSynonyms(lang, query, table) {  // the entries a query holds (table: synonyms, english)
      var name = table === data.english ? "english" : table === data.english_words
        ? "english_words" : table ? null : "synonyms"
      if (name === null) return synonymsIn(lang, query, table)
      return once(name + "\u0001" + lang, query, function () {
        return synonymsIn(lang, query, table)
      })
    }
    function synonymsIn(lang, query, table) {
      var found = query.map(function (w) { return keys(lang, w) }), out = []
      // an entry can only start at a word its first item matches: the others are passed over
      var spelled = new Set(query.map(fold)), held = new Set()
      found.forEach(function (k) { (k || []).forEach(function (x) { held.add(x) }) })
      ;(table || data.synonyms)[lang].forEach(function (entry) {
        var head = entry[0][0]
        if (head !== undefined &&
            (typeof head === "string" ? !spelled.has(head) : !meets(head, held))) return
        for (var start = 0; start < query.length; start++) {
          var span = matchPattern(entry[0], query, found, start)
          if (span) { out.push([span, entry[1], entry[0]]); break }
        }
      })
      return out
    }
    function matchPattern(pattern, query, found, start) {  // an entry's words from start, gaps allowed
      var position = start
      for (var n = 0; n < pattern.length; n++) {
        var item = pattern[n]
        if (typeof item === "string") {
          if (position >= query.length || fold(query[position]) !== item) return null
        } else {
          while (n && position < query.length && found[position] === null) position++
          if (position >= query.length || !meets(found[position] || [], item)) return null
        }
        position++
      }
      var span = []
      for (var p = start; p < position; p++) span.push(p)
      return span
    }
    var knownKeys = {}
    function synonymKeys(lang) {  // every key the word lists of lang know
      if (!knownKeys[lang]) {  // another language's tables: only their keys (the build exports no more)
        knownKeys[lang] = new Set((data.known || {})[lang] || [])
        data.synonyms[lang].concat(data.english[lang], data.english_words[lang]).forEach(function (entry) {
          entry[0].forEach(function (item) {
            if (typeof item !== "string") item.forEach(function (k) { knownKeys[lang].add(k) })
          })
        })
      }
      return knownKeys[lang]
    }

    // --- typos (search.md: Word lists, filler and typos) -------------------------------------
    function sound(lang, word) {
      var key = fold(word.toLowerCase())
      A.sounds[lang].forEach(function (p) { key = key.split(p[0]).join(p[1]) })
      return key.replace(/([\p{L}\p{N}_])\1+/gu, "$1")
    }
    function distance(a, b, most) {
      a = Array.from(a); b = Array.from(b)
      if (Math.abs(a.length - b.length) > most) return most + 1
      var before = null, row = []
      for (var j = 0; j <= b.length; j++) row.push(j)
      for (var i = 1; i <= a.length; i++) {
        var current = [i]
        for (j = 1; j <= b.length; j++) {
          var cost = a[i - 1] !== b[j - 1] ? 1 : 0
          var value = Math.min(row[j] + 1, current[j - 1] + 1, row[j - 1] + cost)
          if (before !== null && i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
            value = Math.min(value, before[j - 2] + 1)
          }
          current.push(value)
        }
        if (Math.min.apply(null, current) > most) return most + 1
        before = row
        row = current
      }
      return Math.min(row[b.length], most + 1)
    }
    function allowance(key) { return Array.from(key).length < 6 ? 1 : 2 }
    function vocabulary(lang, glossary) {  // the words a typo is read against: the index's or the glossary's
      var id = lang + (glossary ? ":g" : "")
      if (vocabularies[id]) return vocabularies[id]
      var list = glossary ? G.words[lang].map(function (w) { return [w, 0] })
        : Object.keys(data.vocabulary[lang] || {}).map(function (w) {
          return [w, data.vocabulary[lang][w]]
        })
      var bySound = new Map(), byLength = new Map()
      list.forEach(function (item) {
        var key = sound(lang, item[0])
        if (!bySound.has(key)) {
          bySound.set(key, [])
          var length = Array.from(key).length
          if (!byLength.has(length)) byLength.set(length, [])
          byLength.get(length).push([key, new Set(key)])
        }
        bySound.get(key).push({ word: item[0], lang: lang, frequency: item[1] })
      })
      return (vocabularies[id] = { lang: lang, bySound: bySound, byLength: byLength })
    }
    function closest(vocab, word) {  // the vocabulary's words nearest a typo: [distance, words]
      var key = sound(vocab.lang, word), size = Array.from(key).length
      if (size < C.MIN_LENGTH) return [0, []]
      var most = allowance(key), letters = new Set(key), best = most + 1, found = []
      var missing = function (a, b) {
        var n = 0
        a.forEach(function (x) { if (!b.has(x)) n++ })
        return n
      }
      for (var length = size - most; length <= size + most; length++) {
        (vocab.byLength.get(length) || []).forEach(function (entry) {
          var near = Math.min(most, best)
          if (missing(letters, entry[1]) > near || missing(entry[1], letters) > near) return
          var d = distance(key, entry[0], near)
          if (d < best) { best = d; found = vocab.bySound.get(entry[0]).slice() }
          else if (d === best && d <= most) found = found.concat(vocab.bySound.get(entry[0]))
        })
      }
      return [best, found]
    }
    function acceptable(word, candidate, excluded) {  // whether candidate may be read for word
      var other = candidate.word
      if (other === word || excluded.has(other)) return false
      if (word[0] !== other[0] &&
          sound(candidate.lang, word)[0] !== sound(candidate.lang, other)[0]) return false
      var edits = distance(word, other, allowance(word))
      if (edits > 1 && candidate.frequency > 0 && candidate.frequency < C.MIN_FREQUENCY) return false
      return edits <= allowance(word)
    }
    function compare(a, b) {
      for (var i = 0; i < a.length; i++) {
        if (a[i] < b[i]) return -1
        if (a[i] > b[i]) return 1
      }
      return 0
    }
    function correct(word, searched, others) {  // the word a typo is read as, or null
      word = fold(word.toLowerCase())
      if (Array.from(word).length < C.MIN_LENGTH || /^\p{Nd}+$/u.test(word)) return null
      var ranked = []
      ;[searched, others].forEach(function (vocabs, preference) {
        vocabs.forEach(function (vocab) {
          var near = closest(vocab, word), excluded = never[vocab.lang] || new Set()
          near[1].forEach(function (c) {
            if (!acceptable(word, c, excluded)) return
            ranked.push([near[0], preference, -c.frequency,
              distance(word, c.word, Array.from(word).length), c.word])
          })
        })
      })
      if (!ranked.length) return null
      ranked.sort(compare)
      return ranked[0][4]
    }

    // --- words the index does not know ------------------------------------------------------
    // A word whose terms' shards are not all loaded yet counts as known: the run that asks
    // is not the answer (it notes the shards), and it does not look for a typo meanwhile.
    // Every term is asked for, so that one run notes all of their shards.
    function known(word, lang) {  // whether the index holds a key of word
      var found = keys(lang, word)
      if (found === null || isFiller(lang, word) || meets(found, synonymKeys(lang))) return true
      var terms = [["exact_" + lang, fold(word)]], held = false, waiting = false
      found.forEach(function (k) {
        if (k[0] !== "=") terms.push(["stem_" + lang, k], ["name_" + lang, k])
      })
      terms.forEach(function (t) {
        var stored = raw(t[0], t[1])
        if (stored === null) waiting = true
        else if (stored) held = true
      })
      return held || waiting
    }
    function corrections(query, langs, matches) {  // the typos of a query and the words read for them
      var named = new Set()
      matches.forEach(function (m) { m.words.forEach(function (i) { named.add(i) }) })
      var out = []
      query.forEach(function (word, position) {
        if (named.has(position) || Array.from(word).length < C.MIN_LENGTH ||
            /^\p{Nd}+$/u.test(word) ||
            data.langs.some(function (lang) { return known(word, lang) })) return
        var better = correct(word, langs.map(function (l) { return vocabulary(l) }),
          data.langs.map(function (l) { return vocabulary(l, true) }))
        if (better !== null) out.push([word, better])
      })
      return out
    }

    // --- the query a search runs (search.md: What is indexed, and how it is ranked) ----------
    function meaningfulPositions(lang, query) {
      var found = [], content = []
      query.forEach(function (w, i) { if (keys(lang, w) !== null) found.push(i) })
      found.forEach(function (i) { if (!isFiller(lang, query[i])) content.push(i) })
      return new Set(content.length ? content : found)
    }
    function wordQuery(lang, word, fields) {  // a word's keys in the fields
      var found = keys(lang, word)
      if (found === null) return null
      var spellings = []
      found.slice().sort().forEach(function (key) {
        if (key[0] === "=") return
        var terms = []
        for (var field in fields) {
          if (present(field + "_" + lang, key)) terms.push(term(field + "_" + lang, key, fields[field]))
        }
        if (terms.length) spellings.push(one(terms))
      })
      return one(spellings)
    }
    function spellingsOf(lang, text) {  // a word as spelled: exact, then folded
      var exact = [], stemmed = []
      words(text).forEach(function (w) {
        var lower = w.toLowerCase()
        if (stop[lang].has(lower)) return
        exact.push(fold(lower))
        stemmed.push(stems(lang, lower)[0])
      })
      return [exact, stemmed]
    }
    function phrase(lang, text, fields, boost, positions) {  // a phrase's words in order
      var both = spellingsOf(lang, text), exact = both[0], spelled = both[1], clauses = []
      if (exact.length < 2) return null
      if (exact.length === 2 && !positions) {
        var kinds = [["exact", exact.map(function (w) { return "=" + w })]]
        fields.forEach(function (f) { kinds.push([f, spelled]) })
        kinds.forEach(function (k) {
          var token = A.pair_kinds[k[0]] + k[1][0] + "~" + k[1][1]
          if (present("pairs_" + lang, token)) clauses.push(term("pairs_" + lang, token))
        })
        return one(clauses, "any", boost)
      }
      // a quoted phrase (positions) is asked for whether the field holds its words or not; an
      // unquoted one only when the field holds every word
      var all = function (field, list) {
        return positions || list.every(function (w) { return present(field + "_" + lang, w) })
      }
      if (all("exact", exact)) clauses.push({ t: "phrase", f: "exact_" + lang, words: exact, boost: 1 })
      fields.forEach(function (f) {
        if (all(f, spelled)) clauses.push({ t: "phrase", f: f + "_" + lang, words: spelled, boost: 1 })
      })
      return one(clauses, "any", boost)
    }
    function alternatives(lang, forms) {  // any of a word list entry's forms
      var options = [], found = []
      forms.forEach(function (form) {
        var parts = form.map(function (w) { return wordQuery(lang, w, C.SYNONYM_BOOSTS) })
        if (form.length > 1) parts.push(phrase(lang, form.join(" "), ["stem"], C.PAIR_BONUS))
        parts = parts.filter(Boolean)
        if (parts.length) options.push(one(parts))
        form.forEach(function (w) { found = found.concat(keys(lang, w) || []) })
      })
      return [one(options), found]
    }
    function numbered(numbers) {  // Any of number terms
      return { t: "any", boost: 1, subs: numbers.map(function (n) { return term("number", n) }) }
    }
    function within(number, root) {  // number is root or one of its subrules
      return number === root ||
        (number.indexOf(root) === 0 && /[.a-z]/.test(number.charAt(root.length)) &&
         (number.charAt(root.length) === "." ? root.indexOf(".") < 0 : true))
    }
    function build(lang, parsed, matches, strict, defines) {  // the whole query of lang
      var query = parsed.words.map(function (w) { return w.toLowerCase() })
      var clauses = [], meaningful = [], covers = new Map(), named = [], partly = new Set()
      var content = meaningfulPositions(lang, query)
      matches.forEach(function (match) {
        if (!match.term.names[lang]) return
        var among = new Set(meaningfulPositions(match.lang, query))
        match.words.forEach(function (i) { among.add(i) })
        var share = match.words.size / Math.max(1, among.size), main
        if (match.lang === lang && share < 1) {
          var told = new Map(), total = 0, mine = 0
          Array.from(among).sort(function (a, b) { return a - b }).forEach(function (p) {
            told.set(p, weigh(lang, stemKeys(lang, query[p])))
            total += told.get(p)
          })
          Array.from(match.words).sort(function (a, b) { return a - b }).forEach(function (p) {
            mine += told.get(p)
          })
          main = total > 0 && mine >= C.MAIN_SHARE * total
        } else main = share >= 1
        named.push([match, share >= 1, Math.min(1, share) * (match.exact ? 1 : C.INEXACT_SHARE)])
        if (!main) match.words.forEach(function (i) { partly.add(i) })
      })
      query.forEach(function (word, position) {
        if (!content.has(position) || keys(lang, word) === null) return
        meaningful.push(word)
        covers.set(position, new Set(stemKeys(lang, word)))
        var clause = wordQuery(lang, word, partly.has(position) ? C.TEXT_BOOSTS : C.BOOSTS)
        if (clause) clauses.push(clause)
      })
      findSynonyms(lang, query).forEach(function (found) {
        var made = alternatives(lang, found[1])
        if (made[0]) clauses.push(made[0])
        found[0].forEach(function (p) {
          if (covers.has(p)) made[1].forEach(function (k) { if (k[0] !== "=") covers.get(p).add(k) })
        })
      })
      var about = []
      named.forEach(function (item) {
        var match = item[0], whole = item[1], share = item[2], term_ = match.term
        var main = !Array.from(match.words).some(function (i) { return partly.has(i) })
        term_.rules.forEach(function (n, i) { about.push([main ? n : term_.topics[i], share]) })
        var forms = term_.names[lang]
        if (match.lang !== lang && whole) {
          forms.forEach(function (form) {
            var made = phrase(lang, form, ["name"], C.PHRASE_BONUS)
            if (made) clauses.push(made)
            else if (form.trim()) {
              var clause = wordQuery(lang, form.trim(), { name: 3.0 })
              if (clause) clauses.push(clause)
            }
          })
        } else if (match.lang !== lang) {
          var made = alternatives(lang, forms.map(function (f) { return f.split(/\s+/).filter(Boolean) }))
          if (made[0]) clauses.push(made[0])
          match.words.forEach(function (p) {
            if (!covers.has(p)) covers.set(p, new Set())
            made[1].forEach(function (k) { if (k[0] !== "=") covers.get(p).add(k) })
          })
        }
        if (whole && (match.exact || match.lang !== lang) && term_.rules.length) {
          clauses.push({ t: "and", boost: C.DEFINES_BONUS, subs: [term("lang", lang),
            term("origin", "book"), numbered(term_.rules)] })
        }
      })
      if (defines && defines.length && lang === "en" && clauses.length) {  // an official term
        clauses.push({ t: "and", boost: C.DEFINES_BONUS,
          subs: [term("origin", "cr"), numbered(defines)] })
      }
      if (!clauses.length) return null
      if (meaningful.length > 1) {
        var wholePhrase = phrase(lang, meaningful.join(" "), [], C.PHRASE_BONUS)
        if (wholePhrase) clauses.push(wholePhrase)
      }
      if (meaningful.length > 2) {
        for (var i = 0; i + 1 < meaningful.length; i++) {
          var together = phrase(lang, meaningful[i] + " " + meaningful[i + 1], ["stem"], C.PAIR_BONUS)
          if (together) clauses.push(together)
        }
      }
      var q = one(clauses)
      if (strict && parsed.phrases.length) {
        var required = parsed.phrases.map(function (p) {
          return phrase(lang, p.join(" "), ["stem", "name"], 1, true)
        }).filter(Boolean)
        if (required.length) q = { t: "and", subs: required.concat([q]), boost: 1 }
      }
      var stemsOf = Array.from(covers.keys()).sort(function (a, b) { return a - b })
        .map(function (p) { return Array.from(covers.get(p)) })
      return { query: q, words: stemsOf, about: about }
    }

    // --- ranking (search.md: What is indexed, and how it is ranked) ---------------------------
    function titleKeysOf(index) {
      if (!titleKeys[index]) titleKeys[index] = new Set(data.titles[index][1])
      return titleKeys[index]
    }
    function run(made, lang, limit) {  // the best hits of one language's query, re-ranked
      var q = flat(made.query), found
      if (q.t === "and") {  // And of Flat sums and phrases: each part's score, added in a tree
        var parts = q.subs.map(function (s) { return s.t === "any" ? flatScores(s) : scores(s) })
        found = new Map()
        parts[0].forEach(function (s, d) {
          if (parts.every(function (m) { return m.has(d) })) {
            var sum = tree(parts.map(function (m) { return m.get(d) }))
            found.set(d, q.boost === 1 ? sum : sum * q.boost)
          }
        })
      } else found = flatScores(q)
      var top = []
      found.forEach(function (s, d) { if (s > 0) top.push([s, d]) })
      top.sort(function (a, b) { return b[0] - a[0] || a[1] - b[1] })
      top = top.slice(0, Math.max(limit, C.RERANK))
      var words = made.words
      var telling = words.map(function (w) { return weigh(lang, w) })
      var sumTelling = telling.reduce(add, 0) || 1
      var scored = top.map(function (item, order) {
        var score = item[0], doc = data.documents[item[1]]
        if (words.length > 1) {
          var share = 0
          words.forEach(function (w, i) { if (docHolds(item[1], doc[1], w)) share += telling[i] })
          share = share / sumTelling
          var power = C.COVERAGE_POWER === 2 ? share * share : Math.pow(share, C.COVERAGE_POWER)
          score *= C.COVERAGE_FLOOR + (1 - C.COVERAGE_FLOOR) * power
        }
        var about = 0
        if (!doc[4]) {  // the covered rules' topics
          made.about.forEach(function (a) { if (within(doc[0], a[0])) about = Math.max(about, a[1]) })
        }
        score *= 1 + C.ABOUT_BONUS * about
        if (!doc[4]) score *= C.COVERED
        if (words.length) {
          var title = titleKeysOf(doc[2]), count = 0
          words.forEach(function (w) { if (meets(w, title)) count++ })
          score *= 1 + C.SECTION_BONUS * count / words.length
        }
        return [score, order, doc, item[1]]
      })
      scored.sort(function (a, b) { return b[0] - a[0] || a[1] - b[1] })
      var hits = [], seen = new Set()
      for (var i = 0; i < scored.length && hits.length < limit; i++) {  // a hit per rule, once
        // a rule that is only a title ("Trample"): the subrule defining it, in its place
        var doc = scored[i][2], at = doc.length > 5 ? doc[5] : scored[i][3]
        if (doc.length > 5) doc = data.documents[at]
        if (seen.has(at)) continue
        seen.add(at)
        hits.push({ number: doc[3] || doc[0], lang: doc[1], title: data.titles[doc[2]][0],
          score: scored[i][0], rulebook: doc[0], english: !!doc[4] })
      }
      return hits
    }
    // options.correct false: no word is read as a typo; options.searched, when given, is
    // told the words as searched (the typos' readings applied)
    function searchWords(parsed, lang, limit, options) {  // a search of words in one language
      options = options || {}
      var query = parsed.words.map(function (w) { return w.toLowerCase() })
      var matches = findTerms(query)
      var fixes = options.correct === false ? [] : corrections(query, [lang], matches)
      if (fixes.length) {
        var fix = new Map(fixes)
        var swap = function (list) {
          return list.map(function (w) { return fix.has(w.toLowerCase()) ? fix.get(w.toLowerCase()) : w })
        }
        parsed = { words: swap(parsed.words), phrases: parsed.phrases.map(swap) }
        matches = findTerms(parsed.words.map(function (w) { return w.toLowerCase() }))
      }
      var lower = parsed.words.map(function (w) { return w.toLowerCase() })
      if (options.searched) options.searched.words = lower
      matches = matches.filter(function (m) {  // names of the query's language or English, or whose words it does not know
        return m.lang === lang || m.lang === "en" ||
          !Array.from(m.words).every(function (i) { return known(lower[i], lang) })
      })
      var defines = lang === "en" && lower.length <= C.MAX_TERM_WORDS
        ? data.official[termKey(lower.join(" "))] || [] : []
      var bridged = english(lower, lang, limit)
      var attempts = parsed.phrases.length ? [true, false] : [true]
      for (var a = 0; a < attempts.length; a++) {
        var made = build(lang, parsed, matches, attempts[a], defines)
        var hits = made ? run(made, lang, limit) : []
        if (hits.length || bridged[0].length) {  // game words only: covered, then English;
          hits = bridged[2] ? hits.concat(bridged[0])  // English first when bridged most, no term
            : bridged[1] >= C.BRIDGED_FIRST && !matches.length ? bridged[0].concat(hits)
            : !matches.length ? alternate(bridged[0], hits)  // by turns, English first
            : hits.concat(bridged[0])
          return hits.slice(0, limit)
        }
      }
      return []
    }
    function alternate(first, second) {  // first's and second's items by turns, first's first
      var out = [], shorter = Math.min(first.length, second.length)
      for (var i = 0; i < shorter; i++) out.push(first[i], second[i])
      return out.concat(first.slice(shorter), second.slice(shorter))
    }
    function termKey(text) {  // a key term as the index stores it
      return words(text).map(function (w) { return fold(w.toLowerCase()) }).join(" ")
    }
    function spelled(lang, f, query) {  // whether an entry was typed as spelled
      var typed = new Set()
      f[2].forEach(function (item) {
        (typeof item === "string" ? [] : item).forEach(function (k) { if (k[0] === "=") typed.add(k) })
      })
      return f[0].every(function (p) {
        return keys(lang, query[p]) === null || typed.has("=" + fold(query[p].toLowerCase()))
      })
    }
    function bridges(lang, query) {  // the bridges to English: [english's, english_words'], each word once
      var found = findSynonyms(lang, query, data.english), covered = new Set(), game = []
      found.forEach(function (f) { f[0].forEach(function (p) { covered.add(p) }) })
      // more words first, then spelled as typed, then the table's order; filler not translated
      var entries = findSynonyms(lang, query, data.english_words).map(function (f, i) {
        return [f, i, spelled(lang, f, query) ? 0 : 1]
      }).sort(function (a, b) { return b[0][0].length - a[0][0].length || a[2] - b[2] || a[1] - b[1] })
      entries.forEach(function (pair) {
        var f = pair[0]
        if (f[0].some(function (p) { return covered.has(p) })) return
        if (f[0].every(function (p) { return isFiller(lang, query[p]) })) return
        game.push(f)
        f[0].forEach(function (p) { covered.add(p) })
      })
      return [found, game, covered]
    }
    function inOrder(found) {  // by query position, stable
      return found.map(function (f, i) { return [f, i] }).sort(function (a, b) {
        return a[0][0][0] - b[0][0][0] || a[1] - b[1]
      }).map(function (pair) { return pair[0] })
    }
    function translate(lang, query) {  // a question's words read in English, word by word
      var both = bridges(lang, query), all = both[0].concat(both[1]), at = {}, out = []
      if (!all.length) return []
      all.map(function (f, i) { return [f, i] }).sort(function (a, b) {  // of two from one word,
        return a[0][0][0] - b[0][0][0] || b[0][0].length - a[0][0].length || a[1] - b[1]  // the longer
      }).forEach(function (pair) { if (!(pair[0][0][0] in at)) at[pair[0][0][0]] = pair[0] })
      for (var p = 0; p < query.length;) {
        if (at[p]) {
          out = out.concat(at[p][1][0])
          p = at[p][0][at[p][0].length - 1] + 1
          continue
        }
        if (!both[2].has(p) && keys(lang, query[p]) !== null && !isFiller(lang, query[p])) out.push(query[p])
        p++
      }
      return out.slice(0, C.MAX_WORDS)
    }
    function english(query, lang, limit) {  // a Spanish or Italian query's game words in English
      if (lang === "en") return [[], 0, false]
      var parts = bridges(lang, query), found = parts[0], game = parts[1], covered = parts[2]
      var bridge = []
      var meaningful = meaningfulPositions(lang, query), every = true
      meaningful.forEach(function (p) { if (!covered.has(p)) every = false })
      if (!found.length && !(game.length && every)) return [[], 0, false]  // game words: all
      var alone = !found.length
      found = inOrder(found.concat(game))
      found.forEach(function (f) {
        f[1].slice(0, 1).forEach(function (form) { bridge = bridge.concat(form) })
      })
      if (!bridge.length) return [[], 0, false]
      var both = 0
      meaningful.forEach(function (p) { if (covered.has(p)) both++ })
      var share = both / Math.max(1, meaningful.size), text = bridge.join(" ")
      var made = build("en", { words: bridge, phrases: [] }, [], true, data.official[termKey(text)] || [])
      if (!made) return [[], 0, false]
      made.query = { t: "and", boost: 1, subs: [term("origin", "cr"), made.query] }
      return [run(made, "en", limit), share, alone]
    }

    // --- rule numbers (search.md: Numbers, words and the index) -------------------------------
    var P = data.patterns
    var PREFIX = "(?:(?:" + P.rule_words + "|r)\\s*\\.?\\s*)?"
    var WHOLE_QUERY = new RegExp("^\\s*" + PREFIX + "(?<first>" + P.typed + "\\.?)(?:" + P.dash +
      PREFIX + "(?<last>" + P.typed + "\\.?|[a-z]))?\\s*$", "i")
    var IN_TEXT = new RegExp("(?<![\\p{L}\\p{N}_.,])(?<prefix>r\\s*)?(?<item>" + P.typed + "(?:" +
      P.dash + "(?:" + P.typed + "|[a-z]))?)(?![\\p{L}\\p{N}_])\\.?", "giu")
    var RULE_WORD = new RegExp("(?<![\\p{L}\\p{N}_])(?:" + P.rule_words + ")\\s*$", "iu")
    var NUMBER = new RegExp("^(?:" + P.number + ")$")
    function readDigits(text) {  // any script's decimal digits (P.zeros: each run's zero) and
      if (!/[^\x00-\x7f]/.test(text)) return text  // the fullwidth forms, as ASCII's
      var first = P.fullwidth[0], last = P.fullwidth[1], offset = P.fullwidth[2]
      return Array.from(text, function (c) {
        var code = c.codePointAt(0)
        if (code >= first && code <= last) return String.fromCharCode(code - offset)
        for (var i = P.zeros.length - 1; i >= 0 && P.zeros[i] > code; i--) {}
        return i >= 0 && code - P.zeros[i] < 10 ? String(code - P.zeros[i]) : c
      }).join("")
    }
    function canonical(text) {  // a rule number as written canonically; null when not a number
      text = text.toLowerCase().replace(/\.+$/, "").replace(/,/g, ".")
      var letter = /\d([a-z])$/.exec(text)
      return NUMBER.test(text) && (!letter || P.letters.indexOf(letter[1]) >= 0) ? text : null
    }
    function typedNumbers(text) {  // the numbers a query is, or null when not shaped like one
      text = readDigits(text)
      var m = text.length <= P.max_length ? WHOLE_QUERY.exec(text) : null
      if (!m) return null
      var first = canonical(m.groups.first), last = m.groups.last
      if (first === null) return []
      if (!last) return [first]
      last = last.toLowerCase()
      if (last.length === 1) last = /[a-z]$/.test(first) ? first.slice(0, -1) + last : "!"
      last = canonical(last)
      return last === null ? [] : expand(first, last)
    }
    // typedNumbers' refusals: what is shaped like a rule number or a range but is
    // neither ("104.3zz", "104.3a-zz", "1-99999"): {problem: "number" | "range" | "long",
    // query}; null for a number, a range, or words (digits among words stay words)
    var W = "[\\p{L}\\p{N}_.,]"
    var TAIL = P.dash + PREFIX + W + "+"
    var MALFORMED = new RegExp("^\\s*" + PREFIX + "(?:\\d+[.,]" + W + "*(?:" + TAIL + ")?|\\d{3,}" +
      TAIL + "|\\d+" + P.dash + PREFIX + "\\d" + W + "*)\\s*$", "iu")
    function numberProblem(text) {
      var query = text.trim(), refused = function (problem) {
        return { problem: problem, query: query }
      }
      text = readDigits(text)
      if (text.length <= P.max_length && canonical(text) !== null) return null
      var m = text.length <= P.max_length && /\d/.test(text) ? WHOLE_QUERY.exec(text) : null
      if (!m) {
        return /\d/.test(text.slice(0, P.max_length)) && MALFORMED.test(text) ? refused("number") : null
      }
      var first = canonical(m.groups.first), last = m.groups.last
      if (first === null) return refused("number")
      if (!last) return null
      last = last.toLowerCase()
      if (last.length === 1) last = /[a-z]$/.test(first) ? first.slice(0, -1) + last : "!"
      last = canonical(last)
      if (last === null) return refused("number")
      var range = expand(first, last, true)
      return !range.length ? refused("range") : range.length > P.max_range ? refused("long") : null
    }
    function expand(a, b, whole) {  // the numbers of a range, strictly read; [] when not a range
      var pa = a.split("."), pb = b.split("."), out = []  // (nor longer than max_range, unless whole)
      if (pa.length !== pb.length) return []
      if (pa.length === 1) {
        for (var s = +pa[0]; s <= +pb[0]; s++) out.push(String(s))
      } else if (pa[0] === pb[0]) {
        var ra = /^(\d+)([a-z]?)$/.exec(pa[1]), rb = /^(\d+)([a-z]?)$/.exec(pb[1])
        if (!ra[2] && !rb[2]) for (var r = +ra[1]; r <= +rb[1]; r++) out.push(pa[0] + "." + r)
        else if (ra[2] && rb[2] && ra[1] === rb[1]) {
          var letters = P.letters.slice(P.letters.indexOf(ra[2]), P.letters.indexOf(rb[2]) + 1)
          letters.split("").forEach(function (x) { out.push(pa[0] + "." + ra[1] + x) })
        }
      }
      return whole || out.length <= P.max_range ? out : []
    }
    function lookup(numbers, lang, amongWords) {  // the rules asked for, each once, then
      var table = data.numbers, asked = [], others = []  // (unless among words) the others
      numbers.forEach(function (n) {
        (table[lang][n] || table.all[n] || []).forEach(function (h) {
          var hit = typeof h === "number" ? [n, "en", h, "", 0, 1] : h  // the whole CR's
          ;(hit[4] ? others : asked).push(hit)
        })
      })
      var id = function (h) {  // the rule a hit is (search.md: each rule listed once)
        return [h[0], h[1], h[5] ? 1 : 0, h[3] === h[0] ? 1 : 0].join("\u0000")
      }
      var seen = new Set(), once = function (h) { return !seen.has(id(h)) && seen.add(id(h)) }
      return asked.filter(once).concat(amongWords ? [] : others.filter(once)).map(function (h) {
        return { number: h[0], lang: h[1], title: table.titles[h[2]], english: !!h[5] }
      })
    }
    function splitNumbers(text) {  // rule numbers among words, and the words
      text = text.slice(0, P.max_text)
      var quoted = [], m, re = /"[^"]*(?:"|$)/g
      while ((m = re.exec(text)) !== null) {
        quoted.push([m.index, m.index + m[0].length])
        if (!m[0].length) re.lastIndex++
      }
      var found = []
      IN_TEXT.lastIndex = 0
      while ((m = IN_TEXT.exec(text)) !== null) {
        var start = m.index
        if (quoted.some(function (q) { return q[0] <= start && start < q[1] })) continue
        var explicit = !!m.groups.prefix || !/^\d+$/.test(m.groups.item)
        var word = RULE_WORD.exec(text.slice(0, start))
        if (word) { start = word.index; explicit = true }
        found.push([start, m.index + m[0].length, m.groups.item, explicit])
      }
      if (!found.length) return null
      var onlyNumbers = !/[\p{L}\p{N}_]/u.test(without(text, found))
      var chosen = found.filter(function (f) { return f[3] || onlyNumbers })
      if (!chosen.length) return null
      var numbers = []
      chosen.forEach(function (f) {
        (typedNumbers(f[2]) || []).forEach(function (n) {
          if (numbers.indexOf(n) < 0) numbers.push(n)
        })
      })
      var rest = without(text, chosen).split(/\s+/).filter(function (t) {
        return /[\p{L}\p{N}_]/u.test(t)
      }).join(" ")
      return [numbers, rest]
    }
    function without(text, spans) {
      var out = [], position = 0
      spans.slice().sort(function (a, b) { return a[0] - b[0] || a[1] - b[1] }).forEach(function (s) {
        out.push(text.slice(position, Math.max(s[0], position)))
        position = Math.max(position, s[1])
      })
      out.push(text.slice(position))
      return out.join(" ")
    }

    // --- a search: numbers, words, the English reading (search.md) ----------------------------
    function search(text, lang, limit) {
      limit = Math.max(1, Math.min(limit || 10, 100))
      if (typeof text !== "string" || data.langs.indexOf(lang) < 0) return []
      if (numberProblem(text)) return []  // refused, as the CLI refuses it
      var numbers = typedNumbers(text)
      if (numbers !== null) return lookup(numbers, lang).slice(0, limit)
      text = readDigits(text)
      var mixed = splitNumbers(text)
      if (mixed !== null) {
        var hits = lookup(mixed[0], lang, !!mixed[1]), seen = new Set(hits.map(function (h) {
          return h.number + "\u0000" + h.lang
        }))
        if (mixed[1]) {
          search(mixed[1], lang, limit).forEach(function (h) {
            if (!seen.has(h.number + "\u0000" + h.lang)) hits.push(h)
          })
        }
        return hits.slice(0, limit)
      }
      var parsed = parse(text)
      if (!parsed) return []
      var searched = {}
      var found = wordHits(parsed, lang, limit, { searched: searched })
      // the English reading's rule comes third (second after a single hit): with fewer hits
      // asked for, it would not be shown, and is not searched for
      return lang !== "en" && !parsed.phrases.length && found.length &&
        Math.min(found.length, 2) < limit ? withEnglish(found, lang, searched.words, limit) : found
    }
    function wordHits(parsed, lang, limit, options) {  // a search of words: best bets first, unless a phrase
      var found = searchWords(parsed, lang, limit, options)
      var query = parsed.words.map(function (w) { return w.toLowerCase() })
      var pins = parsed.phrases.length ? [] : pinned(query, lang, found)
      // two topics that cover as much with no rule among the first limit hits: ordered by
      // the RERANK candidates' ranking, whatever the limit (the box's first three rows are
      // `--limit 3`'s)
      if (pins.tied && found.length === limit && limit < C.RERANK) {
        found = searchWords(parsed, lang, C.RERANK, options)
        pins = pinned(query, lang, found)
      }
      return first(pins.slice(0, limit), found, limit)
    }
    function withEnglish(hits, lang, searched, limit) {  // the English reading's rule, third (second after one hit)
      var reading = translate(lang, searched)  // the words as searched (typos read), in English
      if (!reading.length) return hits
      var found = wordHits({ words: reading, phrases: [] }, "en", 1, { correct: false })
      if (!found.length || !found[0].english) return hits
      var best = found[0], isBest = function (h) { return same(h, best) }
      if (hits.slice(0, 2).some(isBest)) return hits
      return hits.slice(0, 2).concat([best], hits.slice(2).filter(function (h) {
        return !isBest(h)
      })).slice(0, limit)
    }

    // --- best bets (search.md: Best bets) ---------------------------------------------------
    function same(a, b) { return a.number === b.number && a.lang === b.lang && a.english === b.english }
    function topicsOf(query, lang) {  // the topics a query holds: [[covered, order, hits]]
      return once("topics\u0001" + lang, query, function () {
        var held = query.map(function (w) { return new Set(stemKeys(lang, w)) }), every = new Set()
        findSynonyms(lang, query).forEach(function (f) {  // "scoop" holds what "concede" does
          f[1].forEach(function (form) {
            form.forEach(function (w) {
              stemKeys(lang, w).forEach(function (k) { f[0].forEach(function (p) { held[p].add(k) }) })
            })
          })
        })
        held.forEach(function (set) { set.forEach(function (k) { every.add(k) }) })
        if (!every.size) return []
        var meaningful = meaningfulPositions(lang, query), out = []
        ;(data.topics[lang] || []).forEach(function (topic, order) {
          var covered = 0
          topic[0].forEach(function (phrase) {  // a phrase of one word: a query of one word
            if (phrase.length < 2 && meaningful.size !== 1) return
            if (!phrase.every(function (word) { return meets(word, every) })) return
            var count = 0
            meaningful.forEach(function (p) {
              if (phrase.some(function (word) { return meets(word, held[p]) })) count++
            })
            covered = Math.max(covered, count)
          })
          if (!covered || covered < C.PIN_SHARE * meaningful.size) return
          out.push([covered, order, topic[1].map(function (h) {
            return { number: h[0], lang: h[1], title: h[2], english: !!h[3] }
          })])
        })
        return out
      })
    }
    function pinned(query, lang, hits) {  // the best bets of a query, one language
      var groups = [], out = []
      topicsOf(query, lang).forEach(function (topic) {
        var covered = topic[0], order = topic[1], found = topic[2]
        var best = hits.length
        found.forEach(function (h) {
          hits.forEach(function (x, n) { if (same(x, h) && n < best) best = n })
        })
        groups.push([covered, best, order, found])
      })
      // tied beyond the hits: two topics that cover as much, none of whose rules hits hold
      var unheld = groups.filter(function (g) { return g[3].length && g[1] === hits.length })
        .map(function (g) { return g[0] })
      out.tied = unheld.length !== new Set(unheld).size
      groups.sort(function (a, b) { return b[0] - a[0] || a[1] - b[1] || a[2] - b[2] })
      groups.forEach(function (g) {
        g[3].forEach(function (hit) {
          if (out.length < C.MAX_PINNED && !out.some(function (o) { return same(o, hit) })) out.push(hit)
        })
      })
      return out
    }
    function first(pins, hits, limit) {  // best bets first: a pin the hits hold as found there
      var shown = pins.map(function (p) {
        return hits.filter(function (h) { return same(h, p) })[0] || p
      })
      var rest = hits.filter(function (h) { return !pins.some(function (p) { return same(h, p) }) })
      return shown.concat(rest.slice(0, Math.max(0, limit - pins.length)))
    }

    // The indexed words of lang that prefix begins, longer than it, in code unit order (a
    // run of lang's words sorted once, found by bisection)
    var sortedWords = {}
    function begun(lang, prefix) {
      var list = sortedWords[lang]
      if (!list) list = sortedWords[lang] = Object.keys(data.vocabulary[lang] || {}).sort()
      var low = 0, high = list.length, out = []
      while (low < high) {
        var middle = (low + high) >> 1
        if (list[middle] < prefix) low = middle + 1
        else high = middle
      }
      for (var i = low; i < list.length && list[i].lastIndexOf(prefix, 0) === 0; i++) {
        if (list[i].length > prefix.length) out.push(list[i])
      }
      return out
    }

    // For search as you type (the search box, not the CLI): the query with its last word
    // completed to the indexed word of lang it begins that most rules hold (of those, the
    // first in code unit order); null if none, or if the last word is one lang's index or
    // word lists know (then it is typed in full).
    function completed(text, lang) {
      var last = /([\p{L}\p{N}_]+)$/u.exec(text), best = null, most = 0
      if (!last || last[1].length < 2 || known(last[1].toLowerCase(), lang)) return null
      var vocabulary = data.vocabulary[lang] || {}
      begun(lang, fold(last[1].toLowerCase())).forEach(function (w) {
        if (vocabulary[w] > most) { best = w; most = vocabulary[w] }
      })
      return best === null ? null : text.slice(0, last.index) + best
    }

    // The terms a search of text in lang surely reads: each word's keys and its exact
    // spelling (a phrase's words are looked up so), and the pairs (phrase) of each two
    // neighbours, as typed and once the words that do not count (stop words, filler) are left
    // out, whose shards are fetched together before it runs
    function likely(text, lang) {
      var list = words(readDigits(text)).map(function (w) { return w.toLowerCase() }), out = []
      var pairs = function (sequence) {
        sequence.forEach(function (w, i) {
          if (i + 1 >= sequence.length) return
          var both = spellingsOf(lang, w + " " + sequence[i + 1])
          var exact = both[0], stemmed = both[1]
          if (exact.length !== 2) return
          out.push(A.pair_kinds.exact + "=" + exact[0] + "~=" + exact[1])
          ;["name", "stem"].forEach(function (f) {
            out.push(A.pair_kinds[f] + stemmed[0] + "~" + stemmed[1])
          })
        })
      }
      list.forEach(function (w) {
        var found = keys(lang, w)
        if (found) out = out.concat(found, [fold(w)])
      })
      pairs(list)
      var counted = []
      meaningfulPositions(lang, list).forEach(function (i) { counted.push(list[i]) })
      if (counted.length < list.length) pairs(counted)
      return out
    }
    // The terms of the English site a Spanish or Italian search of text surely reads too:
    // those of its reading in English (the words as typed, read in English; withEnglish)
    function likelyEnglish(text, lang) {
      if (lang === "en") return []
      var reading = translate(lang, words(readDigits(text)).map(function (w) { return w.toLowerCase() }))
      return reading.length ? likely(reading.join(" "), "en") : []
    }

    // The texts the next keys are likely to ask about: text with its last word completed to
    // each of the count indexed words of lang it begins that most rules hold (the word
    // completed() answers with, and the words more letters lead to), text itself first
    function nextTexts(text, lang, count) {
      var last = /([\p{L}\p{N}_]+)$/u.exec(text)
      if (!last) return [text]
      var vocabulary = data.vocabulary[lang] || {}
      var words = begun(lang, fold(last[1].toLowerCase())).sort(function (a, b) {
        return vocabulary[b] - vocabulary[a] || (a < b ? -1 : 1)  // most rules first
      })
      return [text].concat(words.slice(0, count).map(function (w) {
        return text.slice(0, last.index) + w
      }))
    }

    return { search: search, completed: completed, likely: likely,
             likelyEnglish: likelyEnglish, nextTexts: nextTexts, numbers: typedNumbers,
             numberProblem: numberProblem }
  }

  // --- the split data: a core, an index, postings in shards by term ------------------------
  // Each language's site holds, under assets/tolaria/search/, core.json (the analysis, word
  // lists, glossary, numbers, best bets), index.json (documents, field statistics, the typo
  // vocabulary, the shard count, the shards per pack) and N.json, the postings of the terms
  // whose shardOf is N; packs/K.json holds the texts of shards K x index.pack onwards, for
  // the read-ahead (a search fetches only the shards it reads).
  // A Spanish or Italian search also reads the English site's index and shards: its English
  // fields ("_en") from there, the fields of every language (number, lang, origin) from
  // both, joined. Those fields' postings are what the documents hold: their statistics name
  // the "column" of the documents' entries that holds each one's term, and they are read
  // off the documents of both sites, from no shard.
  // how many completions of the last word typed turn the read-ahead toward their shards
  var NEXT_WORDS = 8
  // The items of queue (an array, which may be reordered meanwhile), taken from its front
  // width at a time, each by load(item) (a Promise; one that fails does not stop the rest);
  // a Promise once the queue is empty and every load has settled.
  function drain(queue, width, load) {
    var next = function () {
      if (!queue.length) return null
      var done = function () { return next() }
      return load(queue.shift()).then(done, done)
    }
    var lanes = []
    for (var i = 0; i < width; i++) lanes.push(next())
    return Promise.all(lanes)
  }
  function shardOf(text, count) {  // FNV-1a over code points, modulo count
    var value = 0x811c9dc5
    Array.from(text).forEach(function (ch) {
      value = Math.imul(value ^ ch.codePointAt(0), 0x01000193) >>> 0
    })
    return value % count
  }
  function entries(stored, positional) {  // [[doc, [weight, positions...]]], doc numbers whole
    var out = [], doc = 0
    for (var i = 0; i < stored.length;) {
      var size = 2 + (positional ? stored[i + 1] : 0)
      doc += stored[i]
      out.push([doc, stored.slice(i + 1, i + size)])
      i += size
    }
    return out
  }
  function joined(a, b, positional) {  // two sites' postings of one term, as deltas again
    var all = entries(a || [], positional).concat(entries(b || [], positional))
    all.sort(function (x, y) { return x[0] - y[0] })
    var out = [], doc = 0
    all.forEach(function (e) { out.push(e[0] - doc); doc = e[0]; out.push.apply(out, e[1]) })
    return out
  }
  // One site's index and shards; get notes a shard not loaded yet in missing.
  function source(folder, index, fetchJSON, missing) {
    var shards = {}, loading = {}, shardNumbers = new Map()
    var unasked = function (k) {  // the shards of pack k not asked for yet
      var out = []
      for (var n = k * index.pack; n < Math.min((k + 1) * index.pack, index.shards); n++) {
        if (!loading[n]) out.push(n)
      }
      return out
    }
    return {
      index: index,
      get: function (field, text) {
        var n = shardNumbers.get(text)
        if (n === undefined) shardNumbers.set(text, n = shardOf(text, index.shards))
        if (!shards[n]) { missing.push([this, n]); return null }
        if (typeof shards[n] === "string") {  // read ahead as its text: parsed when first read
          try {
            shards[n] = JSON.parse(shards[n])
          } catch (error) {  // fetched again, as a file that failed
            delete shards[n]
            delete loading[n]
            missing.push([this, n])
            return null
          }
        }
        var terms = shards[n][field]
        return terms ? terms[text] : undefined
      },
      // whether the shards of terms are all loaded
      holds: function (terms) {
        return terms.every(function (t) { return shards[shardOf(t, index.shards)] })
      },
      prefetch: function (terms) {
        var self = this
        return Promise.all(terms.map(function (t) { return self.load(shardOf(t, index.shards)) }))
      },
      // the packs (packs/K.json: index.pack shards each, as their texts) that hold a shard
      // not asked for yet
      unread: function () {
        var out = []
        for (var k = 0; k * index.pack < index.shards; k++) if (unasked(k).length) out.push(k)
        return out
      },
      // pack k's shards not asked for yet, in one fetch, each kept as its text (parsed when
      // a search first reads it); those of a pack that could not be read are asked for one
      // by one when a search reads them
      loadPack: function (k, low) {
        var first = k * index.pack, members = unasked(k)
        if (!members.length) return Promise.resolve()
        var texts = fetchJSON(folder + "packs/" + k + ".json", low).then(function (pack) {
          return typeof pack === "string" ? JSON.parse(pack) : pack
        })
        members.forEach(function (n) {
          loading[n] = texts.then(function (pack) {
            if (typeof pack[n - first] !== "string") throw new Error("no shard " + n)
            if (!shards[n]) shards[n] = pack[n - first]
          })
          loading[n].catch(function () { delete loading[n] })
        })
        return texts
      },
      load: function (n, low) {
        if (!loading[n]) {
          loading[n] = fetchJSON(folder + n + ".json", low).then(function (shard) {
            shards[n] = shard
          })
          loading[n].catch(function () { delete loading[n] })  // asked for again next time
        }
        return loading[n]
      }
    }
  }
  // The postings of a field the documents hold (its statistics' column, and values when the
  // column holds the term's place in them), by term: [document, 1, ...] as deltas.
  function heldPostings(documents, meta) {
    var out = new Map(), last = new Map()
    documents.forEach(function (doc, number) {
      if (!doc) return
      var term = meta.values ? meta.values[doc[meta.column]] : doc[meta.column]
      if (!out.has(term)) { out.set(term, []); last.set(term, 0) }
      out.get(term).push(number - last.get(term), 1)
      last.set(term, number)
    })
    return out
  }
  // The data create() reads: the core, the fields' statistics and documents of both sites,
  // and postings(field, text) from the documents or the shards.
  function joinSources(core, own, english) {
    var data = {}, fields = {}, name
    for (name in core) data[name] = core[name]
    for (name in own.index.fields) fields[name] = own.index.fields[name]
    var from = function (field) {
      if (!english) return [own]
      if (field.slice(-3) === "_en") return [english]
      return field.indexOf("_") < 0 ? [own, english] : [own]
    }
    if (english) {
      for (name in english.index.fields) {
        if (from(name).indexOf(english) >= 0) fields[name] = english.index.fields[name]
      }
    }
    data.fields = fields
    data.documents = own.index.documents.map(function (d, i) {
      return d || (english ? english.index.documents[i] : null)
    })
    data.vocabulary = Object.assign({}, english ? english.index.vocabulary : {},
      own.index.vocabulary)
    data.own = own
    data.englishSite = english || own
    var both = new Map()  // the postings of both sites, joined once
    var held = {}  // a field the documents of every site it comes from hold: by term, once
    data.postings = function (field, text) {
      var sites = from(field)
      if (!(field in held)) {
        held[field] = sites.every(function (s) {
          return s.index.fields[field] && s.index.fields[field].column !== undefined
        }) ? heldPostings(data.documents, fields[field]) : null
      }
      if (held[field]) return held[field].get(text)
      if (sites.length === 1) return sites[0].get(field, text)
      var id = field + "\u0000" + text
      if (both.has(id)) return both.get(id)
      var found = sites.map(function (s) { return s.get(field, text) })
      if (found.indexOf(null) >= 0) return null
      var out = !found[0] || !found[1] ? found[0] || found[1]
        : joined(found[0], found[1], fields[field].positions)
      both.set(id, out)
      return out
    }
    return data
  }
  // A language's search: Promise of {search(query, lang, limit, early), completed(text,
  // lang)}, each answering a Promise, and of numbers(text) and numberProblem(text), which
  // answer at once (the core holds what they read). folder: the language's
  // assets/tolaria/search/, english: the English site's; fetchJSON(url, low): Promise of the
  // parsed file (low: it may wait, being asked for ahead of any search, and a shard may come
  // as its text, parsed when a search first reads it). A search runs until every shard it asks for is loaded (each fetched once),
  // so that it reads what the CLI reads; early(hits), if given, hears each run's answer that
  // still waited for shards (the search box fetches those hits' rows meanwhile). The core,
  // the index and, on a site of another language than English (a folder that is not the
  // English one), the English index are fetched together. An answer is kept: the same
  // search asked again (a key that leaves the completed query as it was) is not run again.
  function open(folder, english, snowball, fetchJSON) {
    var missing = [], base = typeof location !== "undefined" ? String(location) : undefined
    var where = function (url) {
      try { return String(new URL(url, base)) } catch (error) { return url }
    }
    var englishAhead = english && where(english) !== where(folder)
      ? fetchJSON(english + "index.json") : null
    return Promise.all([fetchJSON(folder + "core.json"), fetchJSON(folder + "index.json")])
      .then(function (own) {
        var other = own[0].with_english ? englishAhead || fetchJSON(english + "index.json") : null
        return Promise.resolve(other).then(function (englishIndex) {
          var data = joinSources(own[0], source(folder, own[1], fetchJSON, missing),
            englishIndex && source(english, englishIndex, fetchJSON, missing))
          var engine = create(data, snowball), answers = {}
          // the shards of the terms a search of text surely reads, in both sites: their
          // loads, and whether all were loaded already (held)
          var likely = function (text, lang) {
            var own = engine.likely(text, lang)
            var english = engine.likelyEnglish(text, lang)
            var loads = [data.own.prefetch(own), data.englishSite.prefetch(english)]
            loads.forEach(function (load) { load.catch(function () {}) })  // a run reads
            loads.held = data.own.holds(own) && data.englishSite.holds(english)  // them again
            return loads
          }
          // run() until it reads no shard not loaded yet; its first run, with ahead (the
          // likely terms' shards, asked for at once), notes what else it reads, all fetched
          // in one round; early hears the answer of a run that waits for more shards once
          // the likely ones are read (a first run whose ahead were all held already)
          var settled = function (run, early, ahead) {
            missing.length = 0
            var answer = run(), need = missing.splice(0)
            if (!need.length) return Promise.resolve(answer)
            var loads = Promise.all(need.map(function (m) { return m[0].load(m[1]) })
              .concat(ahead || []))
            // after the shards, which are asked for first
            if (early && (!ahead || ahead.held)) early(answer)
            return loads.then(function () { return settled(run, early) })
          }
          // each answer once per question (a Promise, so that a question asked again while
          // its first run waits for shards shares that run)
          var kept = function (kind, text, lang, limit, answer) {
            var id = [kind, lang, limit, text].join("\u0000")
            if (!(id in answers)) {
              answers[id] = answer().catch(function (error) {
                delete answers[id]
                throw error
              })
            }
            return answers[id]
          }
          var sources = [data.own].concat(data.englishSite === data.own ? [] : [data.englishSite])
          var queue = []  // the packs rest() reads ahead, in the order they are asked for
          // the packs of the terms the searches of the next keys after text likely read
          // first in the queue of rest() (nextTexts: text, its last word completed)
          var toward = function (text, lang) {
            var first = new Map()
            engine.nextTexts(text, lang, NEXT_WORDS).forEach(function (next, i) {
              // (the reading in English of the text typed only: it is the costlier)
              var own = engine.likely(next, lang)
              var english = i ? [] : engine.likelyEnglish(next, lang)
              ;[[data.own, own], [data.englishSite, english]].forEach(function (pair) {
                var index = pair[0].index
                pair[1].forEach(function (t) {
                  first.set(index.shards + ":" +
                    Math.floor(shardOf(t, index.shards) / index.pack) +
                    (pair[0] === data.own ? "o" : "e"), true)
                })
              })
            })
            var id = function (item) {
              return item[0].index.shards + ":" + item[1] + (item[0] === data.own ? "o" : "e")
            }
            var now = queue.filter(function (item) { return first.has(id(item)) })
            var later = queue.filter(function (item) { return !first.has(id(item)) })
            queue.splice.apply(queue, [0, queue.length].concat(now, later))
          }
          return {
            core: own[0],
            // every shard not asked for yet, of both sites, by pack, width packs at a time,
            // each asked for at low priority (fetchJSON's second argument), those of the
            // searches the keys after text likely ask for first; a Promise once all are
            // done, the shards of those that failed left to be asked for when a search reads
            // them
            rest: function (width, text, lang) {
              queue.length = 0
              sources.forEach(function (site) {
                site.unread().forEach(function (n) { queue.push([site, n]) })
              })
              if (text !== undefined) toward(text, lang)
              return drain(queue, width, function (item) {
                return item[0].loadPack(item[1], true)
              })
            },
            // the read-ahead of rest() turned toward the searches of the keys after text
            toward: function (text, lang) { toward(String(text), lang) },
            numbers: engine.numbers,  // read from the core: no shard to wait for
            numberProblem: engine.numberProblem,
            search: function (query, lang, limit, early) {
              query = String(query)
              return kept("search", query, lang, limit, function () {
                return settled(function () { return engine.search(query, lang, limit) }, early,
                  likely(query, lang))
              })
            },
            completed: function (text, lang) {
              text = String(text)
              return kept("completed", text, lang, 0, function () {
                return settled(function () { return engine.completed(text, lang) }, null,
                  likely(text, lang))
              })
            }
          }
        })
      })
  }

  // --- the page's API: window.tolaria.search(query, {lang, limit}) ---------------------------
  // Loads the stemmers beside this script and the language's data (each language's site
  // has its own: ../es/assets/tolaria/search/, which a Spanish or Italian search joins
  // with the English site's) on first use, then answers a Promise of
  // [{number, lang, title}], best first.
  function pageApi(script) {
    var base = script.src.replace(/[^/]*$/, ""), engines = {}, stemmers = null
    var pageLang = function () {
      return (document.documentElement.getAttribute("lang") || "en").split("-")[0]
    }
    var loadStemmers = function () {
      if (!stemmers) {
        stemmers = new Promise(function (resolve, reject) {
          if (root.snowballFactory) return resolve()
          var tag = document.createElement("script")
          tag.src = base + "snowball-stemmers.js"
          tag.onload = resolve
          tag.onerror = function () { reject(new Error("snowball-stemmers.js did not load")) }
          document.head.appendChild(tag)
        })
      }
      return stemmers
    }
    var folder = function (lang) {
      var here = "/" + pageLang() + "/assets/tolaria/"
      return (base.slice(-here.length) === here
        ? base.slice(0, -here.length) + "/" + lang + "/assets/tolaria/" : base) + "search/"
    }
    var fetchJSON = function (url) {
      return fetch(url).then(function (r) {
        if (!r.ok) throw new Error("no search data at " + url)
        return r.json()
      })
    }
    var load = function (lang) {
      if (!engines[lang]) {
        engines[lang] = loadStemmers().then(function () {
          return open(folder(lang), folder("en"), root.snowballFactory, fetchJSON)
        })
      }
      return engines[lang]
    }
    root.tolaria = root.tolaria || {}
    root.tolaria.search = function (query, options) {
      options = options || {}
      var lang = options.lang || pageLang()
      return load(lang).then(function (engine) {
        return engine.search(String(query), lang, options.limit)
      }).then(function (hits) {
        return hits.map(function (h) { return { number: h.number, lang: h.lang, title: h.title } })
      })
    }
  }

  root.TolariaSearch = { create: create, open: open, shardOf: shardOf, drain: drain }
  if (typeof document !== "undefined" && document.currentScript) pageApi(document.currentScript)
})(typeof self !== "undefined" ? self : this)
