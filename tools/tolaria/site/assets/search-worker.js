// Tolaria's search worker for the theme's search box: the theme's messages (set up, query,
// result) answered by Tolaria's own search (../../tolaria/search.js, the CLI's search over the
// data the build writes), not by Lunr. Each rule found is one result row: its number, its
// page's title and its text, linking to the rule's anchor (a section: its page); the words
// typed that the row's text holds are passed on for the page to highlight. While a word is
// being typed and the query finds nothing, its last word is completed (search.js: completed).
(function () {
  "use strict"
  var SETUP = 0, READY = 1, QUERY = 2, RESULT = 3 // the theme's SearchMessageType
  importScripts("../../tolaria/snowball-stemmers.js", "../../tolaria/search.js")
  var fold = function (text) {
    return text.normalize("NFKD").replace(/\p{Mn}/gu, "").toLowerCase()
  }
  var engine = fetch("../../tolaria/search.json").then(function (r) { return r.json() })
    .then(function (data) { return self.TolariaSearch.create(data, self.snowballFactory) })
  var lang = "en", byAnchor = {}, byPage = {}
  var escape = function (text) {
    return String(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
  }

  // The search index's entries by rule anchor (a rule's own page first: not the compare view
  // or a dashboard) and by page.
  var setup = function (docs) {
    docs.forEach(function (doc) {
      var parts = doc.location.split("#"), page = parts[0].replace(/\/$/, "")
      if (parts.length < 2) { byPage[page] = doc; return }
      var anchor = decodeURIComponent(parts[1]), held = byAnchor[anchor]
      if (!held || (/^(compare|dashboard)\//.test(held.location) && !/^(compare|dashboard)\//.test(page)))
        byAnchor[anchor] = doc
    })
  }

  var row = function (hit, words) {
    var doc = byAnchor[hit.number] || byPage[hit.number]
    if (!doc) return null
    var page = byPage[doc.location.split("#")[0].replace(/\/$/, "")]
    var plain = fold(String(doc.title) + " " + String(doc.text || "").replace(/<[^>]*>/g, " "))
    var terms = {}
    words.forEach(function (w) { if (plain.indexOf(fold(w)) >= 0) terms[w] = true })
    var section = doc.location.indexOf("#") < 0  // a section: its title; a rule: its page's, its text
    var title = '<span class="t-sr-num">' + hit.number + "</span>" +
      ' <span class="t-sr-page">' + (section || !page ? escape(hit.title) : page.title) + "</span>" +
      (!section && doc.text ? '<span class="t-sr-text">' + doc.text + "</span>" : "")
    return [{ location: doc.location, title: title, text: "", score: 1, terms: terms }]
  }

  self.addEventListener("message", function (event) {
    var message = event.data || {}
    if (message.type === SETUP) {
      var config = (message.data && message.data.config) || {}
      lang = [].concat(config.lang || ["en"])[0]
      setup((message.data && message.data.docs) || [])
      engine.then(function () { self.postMessage({ type: READY }) })
    } else if (message.type === QUERY && typeof message.data === "string") {
      var query = message.data
      engine.then(function (search) {
        var hits = search.search(query, lang, 10)
        if (!hits.length && search.completed(query, lang)) {  // a word still being typed
          query = search.completed(query, lang)
          hits = search.search(query, lang, 10)
        }
        var words = query.match(/[\p{L}\p{N}_]+/gu) || []
        var items = hits.map(function (hit) { return row(hit, words) }).filter(Boolean)
        self.postMessage({ type: RESULT, data: { items: items } })
      })
    }
  })
})()
