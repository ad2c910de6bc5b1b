// Tolaria's search worker: the theme's own worker (Lunr), with
//  - accents folded in the index and in the query, so that "finalizacion" finds
//    "finalización" and "priorita" "priorità";
//  - results ranked for a rulebook: a rule number leads to exactly that rule (104.3 to
//    104.3, not to 104.3k, which Lunr's prefix match scores higher), and a result with
//    every word typed ranks above one with some (words in the words' order first), so that
//    "fuera de fase" leads to the rules about phasing, not to a title that says "fases";
//    at equal words, a rule ranks above a whole page (the turn structure, the glossary);
//  - the best result first, as a row of its own when it is a rule: the theme shows each
//    page's title first in its group, and a click on that row opens the top of the page;
//    the rule's own row (its number, its page, its text) opens the rule, highlighted.
// The build writes this file beside the theme's worker and names that worker below.
(function () {
  "use strict"
  var fold = function (text) {
    return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "")
  }
  var QUERY = 2 // the theme's SearchMessageType.QUERY
  var RESULT = 3 // the theme's SearchMessageType.RESULT
  // A rule or section number as typed: 104, 104.3, 104.3b, 702.25, 702.25n.
  var NUMBER = /^\d{3}(?:\.\d+[a-z]?)?$/
  // An anchor that is a rule's number: the entry is a rule.
  var RULE = /^\d{3}\.\d+[a-z]?$/
  var handlers = []
  var addListener = self.addEventListener
  self.addEventListener = function (type, handler, options) {
    if (type === "message") handlers.push(handler)
    else addListener.call(self, type, handler, options)
  }
  importScripts("@MATERIAL_WORKER@")
  self.addEventListener = addListener

  var lunr = self.lunr
  var foldToken = function (token) {
    return token.update(fold)
  }
  lunr.Pipeline.registerFunction(foldToken, "tolariaFold")
  var add = lunr.Builder.prototype.add
  lunr.Builder.prototype.add = function (doc, attributes) {
    if (!this.tolariaFolds) {
      this.pipeline._stack.unshift(foldToken)
      this.searchPipeline._stack.unshift(foldToken)
      this.tolariaFolds = true
    }
    return add.call(this, doc, attributes)
  }

  // Plain text of a result's (highlighted, escaped) HTML, folded and lower-cased.
  var plain = function (html) {
    var text = String(html || "").replace(/<[^>]*>/g, " ")
      .replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, "\"")
      .replace(/&#x?[0-9a-fA-F]+;/g, "'").replace(/&amp;/g, "&")
    return fold(text).toLowerCase().replace(/\s+/g, " ")
  }

  // How well an item answers the query: 4 for the very rule typed, 2 for the words in
  // their order, plus the share of the words typed that it has (0 to 1), plus 0.2 for a
  // rule (less than one word of five: a page with more of the words still ranks first).
  var rank = function (item, query, number) {
    var anchor = item.location.split("#")[1]
    if (number) {
      if (anchor === number) return 4
      if (!anchor && plain(item.title).indexOf(number + ".") === 0 &&
          item.location.replace(/\/$/, "").split("/").pop() === number) return 4
    }
    var terms = Object.keys(item.terms || {})
    var found = terms.filter(function (term) { return item.terms[term] }).length
    var share = terms.length ? found / terms.length : 0
    var phrase = query.indexOf(" ") > 0 &&
      (plain(item.title) + " " + plain(item.text)).indexOf(query) >= 0
    var rule = found && anchor && RULE.test(anchor) ? 0.2 : 0
    return (phrase ? 2 : 0) + share + rule
  }

  // An item the theme added to a group only so that the group has its page's title.
  var placeholder = function (item) {
    return item.location.indexOf("#") < 0 && !Object.keys(item.terms || {}).length
  }

  // The best item as a group of its own, first, when it is a rule: the theme renders a
  // group without its page's entry with that item as the title row. The title row shows
  // no text, so the item's title carries the page's title and the rule's text.
  var lead = function (groups) {
    var first = groups[0] && groups[0][0]
    if (!first || first.location.indexOf("#") < 0) return groups
    var page = groups[0].filter(function (item) { return item.location.indexOf("#") < 0 })[0]
    var rest = groups[0].slice(1)
    var single = {}
    for (var key in first) single[key] = first[key]
    single.title = '<span class="t-sr-num">' + first.title + "</span>" +
      (page ? ' <span class="t-sr-page">' + page.title + "</span>" : "") +
      (first.text ? '<span class="t-sr-text">' + first.text + "</span>" : "")
    var others = rest.filter(function (item) { return !placeholder(item) }).length
    return [[single]].concat(others ? [rest] : [], groups.slice(1))
  }

  // Rescore (rank first, then the theme's score) and reorder items and groups; the theme
  // shows each group's best item first and Enter follows the best one of the first group.
  var rerank = function (items, typed) {
    var query = fold(typed).toLowerCase().trim().replace(/\s+/g, " ")
    var number = NUMBER.test(query) ? query : null
    var groups = items.map(function (group) {
      var best = 0
      group.forEach(function (item) {
        item.score = rank(item, query, number) * 1e6 + Math.min(item.score, 1e6 - 1)
        best = Math.max(best, item.score)
      })
      group.sort(function (a, b) { return b.score - a.score })
      return { group: group, best: best }
    })
    groups.sort(function (a, b) { return b.best - a.best })
    return lead(groups.map(function (entry) { return entry.group }))
  }

  var lastQuery = ""
  var post = self.postMessage
  self.postMessage = function (message) {
    if (message && message.type === RESULT && message.data && message.data.items)
      message.data.items = rerank(message.data.items, lastQuery)
    return post.apply(self, arguments)
  }

  addListener.call(self, "message", function (event) {
    var message = event.data
    if (message && message.type === QUERY && typeof message.data === "string") {
      lastQuery = message.data
      message = { type: QUERY, data: fold(message.data) }
    }
    for (var i = 0; i < handlers.length; i++) handlers[i]({ data: message })
  })
})()
