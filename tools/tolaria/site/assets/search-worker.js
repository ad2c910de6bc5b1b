// Tolaria's search worker for the theme's search box: the theme's messages (set up, query,
// result) answered by Tolaria's own search (../../tolaria/search.js, the CLI's search over the
// data the build writes), not by Lunr. Each rule found is one result row: its number, its
// page's title and its text, linking to the rule's anchor under today's number (a section:
// its page; a rule of the whole CR in English only: its number and title, on its page
// cr/SECTION/, which the theme's index does not hold); the words
// typed that the row's text holds are passed on for the page to highlight. A last word that
// no index word is but one begins is read as still being typed and completed (search.js:
// completed), before any typo correction.
(function () {
  "use strict"
  var SETUP = 0, READY = 1, QUERY = 2, RESULT = 3 // the theme's SearchMessageType
  importScripts("../../tolaria/snowball-stemmers.js", "../../tolaria/search.js")
  var fold = function (text) {
    return text.normalize("NFKD").replace(/\p{Mn}/gu, "").toLowerCase()
  }
  var fetched = function (url) { return fetch(url).then(function (r) { return r.json() }) }
  // a Spanish or Italian site's data is joined with the English site's (its English index)
  var engine = fetched("../../tolaria/search.json").then(function (data) {
    return !data.with_english ? data : fetched("../../../../en/assets/tolaria/search.json")
      .then(function (english) { return self.TolariaSearch.merge(data, english) })
  }).then(function (data) { return self.TolariaSearch.create(data, self.snowballFactory) })
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

  // A rule of the whole CR in English only: its page (cr/704/#704.5a), its number and title.
  var whole = function (hit) {
    var section = hit.number.split(".")[0]
    var location = "cr/" + section + "/" + (hit.number === section ? "" : "#" + hit.number)
    var title = '<span class="t-sr-num">' + escape(hit.number) + "</span>" +
      ' <span class="t-sr-page" lang="en">' + escape(hit.title) + "</span>"
    return [{ location: location, title: title, text: "", score: 1, terms: {} }]
  }

  var row = function (hit, words) {
    var anchor = hit.rulebook || hit.number  // the rulebook's number: its entry's anchor
    var doc = byAnchor[anchor] || byPage[anchor]
    if (!doc) return hit.english ? whole(hit) : null
    var location = doc.location  // today's number: an anchor of the same rule
    if (anchor !== hit.number && location.indexOf("#") >= 0)
      location = location.split("#")[0] + "#" + hit.number
    var page = byPage[doc.location.split("#")[0].replace(/\/$/, "")]
    var plain = fold(String(doc.title) + " " + String(doc.text || "").replace(/<[^>]*>/g, " "))
    var terms = {}
    words.forEach(function (w) { if (plain.indexOf(fold(w)) >= 0) terms[w] = true })
    var section = doc.location.indexOf("#") < 0  // a section: its title; a rule: its page's, its text
    var title = '<span class="t-sr-num">' + hit.number + "</span>" +
      ' <span class="t-sr-page">' + (section || !page ? escape(hit.title) : page.title) + "</span>" +
      (!section && doc.text ? '<span class="t-sr-text">' + doc.text + "</span>" : "")
    return [{ location: location, title: title, text: "", score: 1, terms: terms }]
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
        // a last word the index does not know but begins ("prio") is still being typed: the
        // word it begins, not a typo correction ("prior"); else the query as typed
        var typing = search.completed(query, lang)
        var hits = typing ? search.search(typing, lang, 10) : []
        if (hits.length) query = typing
        else hits = search.search(query, lang, 10)
        var words = query.match(/[\p{L}\p{N}_]+/gu) || []
        var items = hits.map(function (hit) { return row(hit, words) }).filter(Boolean)
        self.postMessage({ type: RESULT, data: { items: items } })
      })
    }
  })
})()
