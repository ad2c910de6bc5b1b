// Tolaria's search worker for the theme's search box: the theme's messages (set up, query,
// result) answered by Tolaria's own search (the scorer of ../../tolaria/search.js, the CLI's
// search over the data the build writes, its postings fetched by term as queries ask for
// them), not by Lunr. The build writes the stemmers, the scorer and the labels of the rows in
// the site's language in front of this script, one file per language.
// The page creates the worker when the reader first focuses the search box (partials/
// search-loader.html). Each hit is one result row, drawn from the rows the build writes in
// shards by number (../../tolaria/rows/N.json), fetched as hits name them: the
// number the hit carries (today's), the page's title, the marks ("English only" for a rule
// of the whole CR on a Spanish or Italian site, "pre-2009, no counterpart today"), the
// numbers the rule had in other editions and a snippet of its text, linking to the rule's
// anchor on its page (a rule of the whole CR: cr/SECTION/#NUMBER). Every hit gets a row. The
// words typed that the row's text holds are passed on for the page to highlight. A last word
// that no index word is but one begins is read as still being typed and completed
// (search.js: completed), before any typo correction. A query shaped like a rule number or a
// range but neither, or a number no edition has, gets one row that says so (tolaria.js
// shows it in place of the result count).
(function () {
  "use strict"
  var SETUP = 0, READY = 1, QUERY = 2, RESULT = 3 // the theme's SearchMessageType
  // a file of the search's data, parsed (asText: its text, not parsed); a fetch that fails
  // is tried once more (a fresh fetch: nothing of the failed one is kept), then the promise
  // rejects (low: at low priority, read ahead of any search)
  var once = function (url, init, asText) {
    return fetch(url, init).then(function (r) {
      if (!r.ok) throw new Error("no search data at " + url)
      return asText ? r.text() : r.json()
    })
  }
  var fetched = function (url, low, asText) {
    var priority = low ? { priority: "low" } : {}
    return once(url, priority, asText).catch(function () {
      return once(url, Object.assign({ cache: "reload" }, priority), asText)
    })
  }
  // the search's first data: the core and the index, and a Spanish or Italian search also
  // reads the English site's index (its English rules; the English site's folder is its
  // own). The page that creates the worker with "#page-data" fetches them beside the worker's
  // script and hands them over ("tolaria-data": {files: {address: ArrayBuffer or null}}); a
  // file it could not fetch, the worker fetches itself. Else they are asked for as soon as
  // the worker starts (before any script it may still have to load).
  var FOLDER = "../../tolaria/search/", ENGLISH = "../../../../en/assets/tolaria/search/"
  var ahead = {}, handed = null
  var given = location.hash === "#page-data" ? new Promise(function (resolve) {
    handed = resolve
  }) : null
  var parsed = function (buffer, url) {
    try {
      return JSON.parse(new TextDecoder().decode(buffer))
    } catch (error) {
      return fetched(url)
    }
  }
  ;[FOLDER + "core.json", FOLDER + "index.json"].concat(
    String(new URL(ENGLISH, location)) === String(new URL(FOLDER, location))
      ? [] : [ENGLISH + "index.json"]).forEach(function (url) {
    ahead[url] = given ? given.then(function (files) {
      var buffer = files[String(new URL(url, location))]
      return buffer ? parsed(buffer, url) : fetched(url)
    }) : fetched(url)
    ahead[url].catch(function () {})  // answered to the search, which reports it
  })
  // a file read ahead (low) comes as its text, parsed when a search first reads it, so that
  // the read-ahead does not hold up the searches of the keys typed meanwhile
  var dataOf = function (url, low) {
    var found = ahead[url]
    delete ahead[url]
    return found || fetched(url, low, low)
  }
  // the stemmers and the scorer: in this file when the build wrote them in
  if (!self.TolariaSearch) {
    importScripts("../../tolaria/snowball-stemmers.js", "../../tolaria/search.js")
  }
  var fold = function (text) {
    return text.normalize("NFKD").replace(/\p{Mn}/gu, "").toLowerCase()
  }
  // the engine, opened again at the next query when its data could not be loaded
  var opened = null
  var engine = function () {
    if (!opened) {
      opened = self.TolariaSearch.open(FOLDER, ENGLISH, self.snowballFactory, dataOf)
      opened.catch(function () { opened = null })
    }
    return opened
  }
  engine()
  var lang = "en", rowShards = {}, latest = 0
  // the labels of the rows and messages in the site's language: written in by the build,
  // else read from the rows' files (each holds them)
  var LABELS = self.TOLARIA_LABELS
  // one shard of the rows (each also holds the rows' labels), fetched once (again when it
  // could not be loaded)
  var rowShard = function (n, low) {
    if (!rowShards[n]) {
      rowShards[n] = fetched("../../tolaria/rows/" + n + ".json", low)
      rowShards[n].catch(function () { delete rowShards[n] })
    }
    return rowShards[n]
  }
  // the rows of hits: the shards that hold them (core.rows of them), joined; a row's shard
  // is that of its rule's number without the subrule's letters (702.26 for 702.26b), so
  // that the subrules a search finds together come in one file
  var rowsOf = function (hits, count) {
    var wanted = {}
    hits.forEach(function (hit) {
      wanted[self.TolariaSearch.shardOf(hit.number.replace(/[a-z]+$/, ""), count)] = true
    })
    return Promise.all(Object.keys(wanted).map(rowShard)).then(function (shards) {
      var out = { labels: {}, own: {}, whole: {} }
      shards.forEach(function (shard) {
        out.labels = shard.labels
        Object.assign(out.own, shard.own)
        Object.assign(out.whole, shard.whole)
      })
      return out
    })
  }
  // Once the first rows are shown, at the next key or after REST_AFTER_MS, the rest of the
  // language's search data (the shards of both sites, by pack, and the rows) is read at low
  // priority, a few files at a time, so that a later key finds what it reads already here
  // (the service worker leaves a file it does not keep yet to the browser, whose cache its
  // offline copy then reads). What a first search fetches is only what its answer reads.
  // Not when the reader saves data. The packs the searches of the next keys likely read
  // come first: those of the query typed, its last word completed (each answer shown turns
  // the read-ahead toward its query). REST_WIDTH lanes, with the rows' one: the six
  // connections a browser opens to a host.
  var REST_AFTER_MS = 2000, REST_WIDTH = 5
  var shown = null, resting = false, typed = ""  // the search whose first rows were shown
  var readRest = function () {
    var connection = self.navigator.connection, search = shown
    if (!search || resting || (connection && connection.saveData)) return
    resting = true
    search.rest(REST_WIDTH, typed, lang)
    var rows = []
    for (var n = 0; n < search.core.rows; n++) if (!rowShards[n]) rows.push(n)
    self.TolariaSearch.drain(rows, 1, function (n) { return rowShard(n, true) })
  }
  var escape = function (text) {
    return String(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
  }
  // The part of a rule's text a row shows: from its start, or around the first word searched
  // that it holds, about SNIPPET characters cut at blanks (as the CLI's snippets).
  var SNIPPET = 160
  var snippet = function (text, words) {
    if (text.length <= SNIPPET) return text
    var folded = fold(text), at = -1
    words.forEach(function (w) {
      var found = w.length > 2 ? folded.indexOf(fold(w)) : -1
      if (found >= 0 && (at < 0 || found < at)) at = found
    })
    var start = at < SNIPPET - 40 ? 0 : text.lastIndexOf(" ", at - 40) + 1
    var end = start + SNIPPET < text.length ? text.lastIndexOf(" ", start + SNIPPET) : text.length
    if (end <= start) end = Math.min(text.length, start + SNIPPET)
    return (start ? "… " : "") + text.slice(start, end).replace(/[ ,;:]+$/, "") +
      (end < text.length ? " …" : "")
  }
  var span = function (kind, text, attributes) {
    return text ? ' <span class="t-sr-' + kind + '"' + (attributes || "") + ">" +
      escape(text) + "</span>" : ""
  }

  // A hit's row: a covered rule of this site's language by the number it carries; any other
  // (a rule of the whole CR, in English) on its page of the whole CR.
  var row = function (hit, words, data) {
    var own = !hit.english && hit.lang === lang ? data.own[hit.number] : null
    var section = hit.number.split(".")[0], marks = [], location, text, formerly = ""
    if (own) {
      location = own[0]
      text = snippet(own[1], words)
      formerly = own[2]
      if (own[3]) marks.push(data.labels.obsolete)
    } else {
      location = "cr/" + section + "/" + (hit.number === section ? "" : "#" + hit.number)
      text = snippet(data.whole[hit.number] || "", words)
      if (lang !== "en") marks.push(data.labels.english_only)
    }
    var plain = fold(hit.number + " " + hit.title + " " + text), terms = {}
    words.forEach(function (w) { if (plain.indexOf(fold(w)) >= 0) terms[w] = true })
    var english = own ? "" : ' lang="en"'
    var title = '<span class="t-sr-num">' + escape(hit.number) + "</span>" +
      span("page", hit.title, english) +
      marks.map(function (m) { return span("mark", m) }).join("") +
      span("old", formerly) + span("text", text, english)
    return { location: location, title: title, text: "", score: 1, terms: terms }
  }

  // The one row that says why a query is refused: its words (the labels, in the site's
  // language) in a message the page shows in place of the result count.
  var say = function (labels, problem, values) {
    var text = String(labels[problem]).replace(/\{(\w+)\}/g, function (all, name) {
      return name in values ? values[name] : all
    })
    var title = '<span class="t-sr-message" role="status">' + escape(text) + "</span>"
    self.postMessage({ type: RESULT, data: { items: [[{ location: "#", title: title,
      text: "", score: 1, terms: {} }]] } })
  }
  var refused = function (problem, values) {
    if (LABELS) return Promise.resolve(say(LABELS, problem, values))
    return rowShard(0).then(function (data) { say(data.labels, problem, values) })
  }
  // the data of the search could not be loaded, even tried again: the one row that says so
  // (the next query tries again)
  var failed = function () {
    refused("failed", {}).catch(function () {})
  }

  self.addEventListener("message", function (event) {
    var message = event.data || {}
    if (message.type === "tolaria-data" && handed) {
      handed(message.files || {})
    } else if (message.type === SETUP) {
      var config = (message.data && message.data.config) || {}
      lang = [].concat(config.lang || ["en"])[0]
      engine().then(function () { self.postMessage({ type: READY }) },
        function () { self.postMessage({ type: READY }) })  // the first query tries again
    } else if (message.type === QUERY && typeof message.data === "string") {
      var query = message.data, asked = ++latest
      typed = query
      setTimeout(readRest)  // a key after the first rows were shown (after its own fetches)
      engine().then(function (search) {
        // shaped like a number or a range but neither, or a number of no edition: the box
        // says so, as the CLI does (refused())
        var problem = search.numberProblem(query)
        if (problem) return refused(problem.problem, { query: problem.query })
        // a last word the index does not know but begins ("prio") is still being typed: the
        // word it begins, not a typo correction ("prior"); else the query as typed
        // (the rows of a run still waiting for shards are fetched meanwhile: its hits are
        // mostly the answer's)
        var early = function (hits) {
          if (asked === latest) rowsOf(hits, search.core.rows).catch(function () {})
        }
        return search.completed(query, lang).then(function (typing) {
          return (typing ? search.search(typing, lang, 10, early) : Promise.resolve([]))
            .then(function (hits) {
              if (hits.length) query = typing
              return hits.length ? hits : search.search(query, lang, 10, early)
            })
        }).then(function (hits) {
          if (asked !== latest) return  // a later query was asked meanwhile: its answer
          var words = query.match(/[\p{L}\p{N}_]+/gu) || []
          var numbers = !hits.length && search.numbers(query)
          if (numbers && numbers.length) {
            return refused("unknown", { number: numbers.slice(0, 3).join(", ") +
              (numbers.length > 3 ? " …" : "") })
          }
          return rowsOf(hits, search.core.rows).then(function (data) {
            if (asked !== latest) return
            var items = hits.map(function (hit) { return [row(hit, words, data)] })
            self.postMessage({ type: RESULT, data: { items: items } })
            // the read-ahead turned toward the next keys of this query, once it is answered
            if (resting) setTimeout(function () { search.toward(typed, lang) })
            if (items.length && !shown) {
              shown = search
              setTimeout(readRest, REST_AFTER_MS)
            }
          })
        })
      }).catch(function () {
        if (asked === latest) failed()
      })
    }
  })
})()
