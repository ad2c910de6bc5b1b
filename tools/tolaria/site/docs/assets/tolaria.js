// Tolaria, on every page of the site:
//  - copy a rule's link (and make that rule the highlighted one);
//  - the language switcher takes the rule along, to the rule with the same content in the
//    other language (the rules' data-es / data-it / data-en say where that differs);
//  - an address whose anchor the page does not have shows a note saying so (and where the
//    content is, when the anchor is an English number this text has elsewhere);
//  - the compare view's columns can be hidden (the choice kept in localStorage);
//  - a translation's rule page shows the current English as the reader chooses (hidden,
//    under each rule folded, or in a column: kept in localStorage and set on <html> before
//    paint by the theme's head); each rule's English unfolds on a click;
//  - the words searched are highlighted on the page even where the page writes them with
//    accents and they were typed without ("finalizacion" marks "finalización");
//  - the search box says why a query shaped like a number is refused (search-worker.js);
//  - the language's service worker (LANG/sw.js, beside this folder) is registered once the
//    page has loaded, told when it is active (it then keeps the whole CR's pages) and when
//    the reader has searched (it then keeps the search's files), for reading offline.
(function () {
  "use strict"
  var script = document.currentScript

  function anchor() {
    var hash = location.hash.slice(1)
    try { return decodeURIComponent(hash) } catch (e) { return hash }
  }

  function pageLanguage() {
    return (document.documentElement.getAttribute("lang") || "en").split("-")[0]
  }

  // --- copy a rule's link ------------------------------------------------------------
  function copied(button) {
    button.classList.add("t-copied")
    setTimeout(function () { button.classList.remove("t-copied") }, 1500)
  }
  // the link copied through a selected text field, for browsers without the clipboard API
  // (or that deny it)
  function copyByHand(link, button) {
    var area = document.createElement("textarea")
    area.value = link
    document.body.appendChild(area)
    area.select()
    try { document.execCommand("copy") } catch (e) { /* nothing to do */ }
    area.remove()
    copied(button)
  }
  document.addEventListener("click", function (event) {
    var target = event.target
    if (!(target instanceof Element)) return
    var button = target.closest(".t-copy")
    if (!button) return
    var name = button.getAttribute("data-anchor")
    var link = location.origin + location.pathname + "#" + name
    if (navigator.clipboard && window.isSecureContext) {
      // a browser that denies the clipboard (a setting, a policy) gets the older way
      navigator.clipboard.writeText(link).then(function () { copied(button) },
        function () { copyByHand(link, button) })
    } else {
      copyByHand(link, button)
    }
    // A navigation to the fragment (replacing this history entry) moves :target, and so
    // the highlight, to this rule; the page stays where it was.
    var x = window.scrollX, y = window.scrollY
    location.replace(location.href.split("#")[0] + "#" + name)
    window.scrollTo(x, y)
  })

  // --- the language switcher ---------------------------------------------------------
  // Caught before the theme's own handler, which would send a site without a sitemap of
  // absolute addresses to the other language's home page.
  document.addEventListener("click", function (event) {
    var target = event.target
    if (!(target instanceof Element)) return
    var alternate = target.closest("a.md-select__link[hreflang]")
    if (!alternate || event.metaKey || event.ctrlKey) return
    alternate.href = alternate.href.split("#")[0] + switchedHash(alternate.getAttribute("hreflang"))
    event.stopPropagation()
  }, true)

  // The anchor to take to language lang: the rule with the same content there; where it
  // has none, "en:NUMBER" (the English rule's number), which that page explains.
  function switchedHash(lang) {
    var here = anchor()
    var rule = here && document.getElementById(here)
    if (!rule || !rule.hasAttribute("data-" + lang)) return location.hash
    var there = rule.getAttribute("data-" + lang)
    if (there) return "#" + there
    var mine = pageLanguage()
    var english = mine === "en" ? here : rule.hasAttribute("data-en")
      ? rule.getAttribute("data-en") : here
    return english ? "#en:" + english : "#" + mine + ":" + here
  }

  // --- a note for an anchor the page does not have -------------------------------------
  function fill(text, values) {
    return String(text || "").replace(/\{(\w+)\}/g, function (all, name) {
      return name in values ? values[name] : all
    })
  }

  function paragraph(pieces) {
    var p = document.createElement("p")
    pieces.forEach(function (piece, index) {
      if (index) p.appendChild(document.createTextNode(" "))
      if (piece.href) {
        var a = document.createElement("a")
        a.href = piece.href
        a.textContent = piece.text
        p.appendChild(a)
      } else {
        p.appendChild(document.createTextNode(piece.text))
      }
    })
    return p
  }

  function showNote() {
    var note = document.querySelector(".t-anchor-note")
    if (!note) return
    note.hidden = true
    note.textContent = ""
    var here = anchor()
    if (!here || document.getElementById(here)) return
    var rules = document.querySelector(".t-rules[data-english]")
    var english = {}
    try { english = rules ? JSON.parse(rules.getAttribute("data-english")) : {} } catch (e) {}
    var compare = document.querySelector("a.t-compare-link")
    var pieces = []
    var from = /^(en|es|it):(.+)$/.exec(here)
    var number = from ? from[2] : here
    if (from && from[1] === "en") {
      var ours = number in english ? english[number] : number
      if (ours && document.getElementById(ours)) {
        location.replace("#" + ours)  // the rule with that content: go there
        return
      }
    }
    if (from) {
      pieces.push({ text: fill(note.getAttribute("data-from-" + from[1]), { number: number }) })
    } else {
      pieces.push({ text: fill(note.getAttribute("data-missing"), { anchor: here }) })
      if (number in english && english[number]) {
        pieces.push({ text: fill(note.getAttribute("data-english-here"),
                                 { number: number, here: english[number] }) })
        pieces.push({ text: english[number], href: "#" + english[number] })
      } else if (number in english) {
        pieces.push({ text: fill(note.getAttribute("data-from-en"), { number: number }) })
      }
    }
    if (compare) {
      var toRow = (!from || from[1] === "en") && (number in english) ? "#" + number : ""
      pieces.push({ text: note.getAttribute("data-compare"),
                    href: compare.getAttribute("href") + toRow })
    }
    note.appendChild(paragraph(pieces))
    note.hidden = false
  }
  showNote()
  window.addEventListener("hashchange", showNote)

  // --- the compare view: the columns the reader hides, remembered ------------------------
  var switches = document.querySelector(".t-columns")
  var table = document.querySelector(".t-compare")
  if (switches && table) {
    var HIDDEN = "tolaria.compare.hidden"
    var hidden = []
    try { hidden = JSON.parse(localStorage.getItem(HIDDEN)) || [] } catch (e) { hidden = [] }
    var showColumns = function () {
      var shown = 0
      switches.querySelectorAll("input[data-column]").forEach(function (box) {
        var name = box.getAttribute("data-column")
        box.checked = hidden.indexOf(name) < 0
        if (box.checked) shown++
        table.querySelectorAll('[data-column="' + name + '"]').forEach(function (cell) {
          cell.classList.toggle("t-hidden", !box.checked)
        })
      })
      table.style.setProperty("--t-columns", String(Math.max(shown, 1)))
    }
    switches.addEventListener("change", function (event) {
      var box = event.target
      if (!(box instanceof HTMLInputElement)) return
      var name = box.getAttribute("data-column")
      hidden = hidden.filter(function (other) { return other !== name })
      if (!box.checked) hidden.push(name)
      try { localStorage.setItem(HIDDEN, JSON.stringify(hidden)) } catch (e) { /* kept for this page */ }
      showColumns()
    })
    showColumns()
    switches.hidden = false
  }

  // --- the current English beside a translation -----------------------------------------
  var modes = document.querySelector(".t-en-modes")
  if (modes) {
    var ENGLISH = modes.getAttribute("data-key")
    var pressed = function () {
      var mode = document.documentElement.getAttribute("data-t-english") ||
        modes.getAttribute("data-default")
      modes.querySelectorAll(".t-en-choice").forEach(function (button) {
        button.setAttribute("aria-pressed", String(button.getAttribute("data-mode") === mode))
      })
    }
    modes.addEventListener("click", function (event) {
      var target = event.target
      var button = target instanceof Element && target.closest(".t-en-choice")
      if (!button) return
      var mode = button.getAttribute("data-mode")
      document.documentElement.setAttribute("data-t-english", mode)
      try { localStorage.setItem(ENGLISH, mode) } catch (e) { /* kept for this page */ }
      pressed()
    })
    pressed()
  }
  document.addEventListener("click", function (event) {
    var target = event.target
    var fold = target instanceof Element && target.closest(".t-en-fold")
    if (!fold) return
    var open = fold.parentElement.classList.toggle("t-open")
    fold.setAttribute("aria-expanded", String(open))
  })

  // --- search words highlighted without regard to accents ------------------------------
  // The words of ?h= marked where the page writes them, with or without accents (the
  // theme's own highlighter needs its search worker, which loads only when the search box
  // is first focused; what it may have marked is left alone).
  var fold = function (text) {
    return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
  }
  var letter = /[\p{L}\p{N}]/u

  function ranges(text, terms) {
    var folded = "", at = []
    for (var i = 0; i < text.length; i++) {
      var f = fold(text[i])
      for (var k = 0; k < f.length; k++) { folded += f[k]; at.push(i) }
    }
    var found = []
    terms.forEach(function (term) {
      for (var from = folded.indexOf(term); from >= 0; from = folded.indexOf(term, from + 1)) {
        if (from > 0 && letter.test(folded[from - 1])) continue  // words from their start
        found.push([at[from], at[from + term.length - 1] + 1])
      }
    })
    found.sort(function (a, b) { return a[0] - b[0] })
    return found.filter(function (range, index) {
      return !index || range[0] >= found[index - 1][1]
    })
  }

  function highlight() {
    var query = new URLSearchParams(location.search).get("h")
    var content = document.querySelector("article.md-content__inner")
    if (!query || !content) return
    var terms = query.split(/\s+/).map(fold).filter(function (t) { return t.length > 1 })
    if (!terms.length) return
    var walker = document.createTreeWalker(content, NodeFilter.SHOW_TEXT)
    var nodes = []
    for (var node = walker.nextNode(); node; node = walker.nextNode()) {
      var parent = node.parentElement
      if (parent && !parent.closest("mark, script, style, .t-anchor-note")) nodes.push(node)
    }
    nodes.forEach(function (node) {
      var text = node.nodeValue, found = ranges(text, terms)
      if (!found.length) return
      var fragment = document.createDocumentFragment(), position = 0
      found.forEach(function (range) {
        fragment.appendChild(document.createTextNode(text.slice(position, range[0])))
        var mark = document.createElement("mark")
        mark.setAttribute("data-md-highlight", "")
        mark.textContent = text.slice(range[0], range[1])
        fragment.appendChild(mark)
        position = range[1]
      })
      fragment.appendChild(document.createTextNode(text.slice(position)))
      node.parentNode.replaceChild(fragment, node)
    })
  }
  highlight()

  // --- the search box's message for a refused query ------------------------------------
  // The worker answers a query shaped like a rule number or a range but neither, or a
  // number of no edition, with one row holding a message: shown in place of the count.
  var results = document.querySelector(".md-search-result__list")
  var meta = document.querySelector(".md-search-result__meta")
  if (results && meta) {
    new MutationObserver(function () {
      var message = results.querySelector(".t-sr-message")
      if (!message) return
      var item = message.closest(".md-search-result__item")
      meta.textContent = message.textContent
      meta.setAttribute("role", "status")
      if (item) item.hidden = true
    }).observe(results, { childList: true, subtree: true })
  }

  // --- offline: the language's service worker ------------------------------------------
  // Registered once the page has loaded; told "reading" at the first focus of the search
  // box, a sign that the reader reads on (as a second page view is): it then keeps the
  // language's pages and search files for offline reading, in the background.
  if ("serviceWorker" in navigator && script && /^https?:$/.test(location.protocol)) {
    var worker = new URL("../sw.js", script.src).href
    window.addEventListener("load", function () {
      navigator.serviceWorker.register(worker).catch(function () { /* online only */ })
    })
    var reading = function (event) {
      if (!event.target.matches || !event.target.matches("input.md-search__input")) return
      document.removeEventListener("focusin", reading, true)
      navigator.serviceWorker.ready.then(function (registration) {
        registration.active.postMessage("reading")
      })
    }
    document.addEventListener("focusin", reading, true)
    // each key typed in the search box (at most one message a quarter of a second): the
    // offline copy waits until the reader stops typing, leaving the network to the search
    var told = 0
    document.addEventListener("input", function (event) {
      if (!event.target.matches || !event.target.matches("input.md-search__input")) return
      var controller = navigator.serviceWorker.controller, now = Date.now()
      if (!controller || now - told < 250) return
      told = now
      controller.postMessage("typing")
    }, true)
  }
})()
