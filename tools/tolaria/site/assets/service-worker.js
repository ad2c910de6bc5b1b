// Tolaria's service worker, one per language (LANG/sw.js, scope LANG/). The build writes
// self.TOLARIA_OFFLINE on the first line (written by the build): the language, the build's
// version and four lists of addresses relative to this file: the shell (the CSS,
// JavaScript and icons every page uses, and the 404 page), the language's pages with their
// other files, and its search's files (the Spanish and Italian ones with the English files
// they join); and the packs of the search's shards, each with the shards it holds.
//  - At install, only the shell is kept: a single page view fetches nothing more than the
//    page's own files.
//  - A page, or any file of the site, comes from the cache when it is there, else from the
//    network, and is kept as fetched (so a page of the whole CR, cr/, is kept once read).
//  - Once the reader reads on (a page opened through this worker: a second page view, or
//    the page's "reading" message at the first focus of the search box), the language's
//    pages and search files not kept yet are fetched and kept in the background: at low
//    priority, four at a time, each only when the page's own fetches are done and the
//    reader has not typed in the search box, nor focused it, for a while (the page's
//    "typing" and "reading" messages);
//    never when the reader asked to save data (navigator.connection.saveData). A shard of
//    the search comes from its pack: one fetch keeps every shard of the pack, each as its
//    own file. A pack is never kept, and a page's fetch of one is left to the browser.
//  - A file of the search not kept yet is left to the browser (no answer from this
//    worker: the network, or the browser's own cache), so that a search is not held up by
//    this worker standing between; the copy keeps it later (then from the browser's cache,
//    where the page's fetch left it). Until this worker has read what its cache keeps,
//    such a file is fetched through it as any other.
//  - A file asked for while it is being fetched (by the copy or a page) waits for that
//    fetch: this worker asks the network for each file once.
//  - A new build is a new version: its cache replaces the older ones at activation.
//  - Offline, an address not kept opens the kept 404 page, saying the page is not saved
//    for offline reading.
(function () {
  "use strict"
  var O = self.TOLARIA_OFFLINE
  var PREFIX = "tolaria-" + O.lang + "-", CACHE = PREFIX + O.version
  var address = function (path) { return new URL(path, self.location).href }
  var SHELL = O.shell.map(address), COPY = O.pages.concat(O.search).map(address)
  var SEARCH = new Set(O.search.map(address))
  var PACKS = new Set(), PACKED = {}  // the packs; a shard's [pack, the pack's shards]
  O.packs.forEach(function (entry) {
    var pack = [address(entry[0]), entry[1].map(address)]
    PACKS.add(pack[0])
    pack[1].forEach(function (shard) { PACKED[shard] = pack })
  })
  var NOT_FOUND = address("404.html")
  var OFFLINE_NOTE = "data-tolaria-offline hidden"  // the 404 page's note, hidden online
  var QUIET_MS = 300  // the page's fetches are done when none came for this long
  var TYPING_MS = 1000  // the reader stopped typing when no key came for this long
  var copying = null, busy = 0, lastFetch = 0, lastKey = 0, unpacked = {}
  var fetching = {}  // url -> Promise of its response from the network, while in flight
  var opened = null  // Promise of this version's cache, opened once per start of this worker
  var held = new Set(), known = false  // the addresses the cache keeps; known once read

  function theCache() {
    if (!opened) {
      opened = caches.open(CACHE)
      opened.catch(function () { opened = null })  // opened again at the next fetch
    }
    return opened
  }

  // resolves once no fetch of the pages is in flight, none came for QUIET_MS and no key
  // was typed in the search box for TYPING_MS
  function quiet() {
    return new Promise(function (done) {
      var check = function () {
        var wait = Math.max(lastFetch + QUIET_MS, lastKey + TYPING_MS) - Date.now()
        if (busy === 0 && wait <= 0) done()
        else setTimeout(check, Math.max(wait, 50))
      }
      check()
    })
  }

  // the offline copy: every file of COPY not kept yet, fetched and kept, four at a time,
  // each after the pages' own fetches (once per start of this worker: offline meanwhile,
  // tried again at the next page view)
  function copy() {
    var connection = self.navigator.connection
    if (connection && connection.saveData) return Promise.resolve()
    if (!copying) {
      copying = theCache().then(function (cache) {
        var queue = COPY.slice()
        var next = function () {
          var url = queue.shift()
          if (!url) return null
          return cache.match(url).then(function (kept) {
            if (kept) return null
            return quiet().then(function () {
              return cache.match(url)  // kept meanwhile (the page asked for it)
            }).then(function (kept) {
              if (kept) return null
              if (PACKED[url]) return unpack(cache, PACKED[url])
              return network(cache, url, new Request(url, { credentials: "same-origin" }),
                "low")
            })
          }).then(next)
        }
        return Promise.all([next(), next(), next(), next()])
      }).catch(function () { copying = null })
    }
    return copying
  }

  theCache().then(function (cache) { return cache.keys() }).then(function (requests) {
    requests.forEach(function (r) { held.add(r.url) })
    known = true
  }).catch(function () {})  // not read: every file through this worker

  // the shards of pack ([its address, its shards' addresses]) not kept yet, kept from one
  // fetch of it (once per pack until it is done; the pack itself is not kept)
  function unpack(cache, pack) {
    if (!unpacked[pack[0]]) {
      var request = new Request(pack[0], { credentials: "same-origin" })
      unpacked[pack[0]] = fetch(request, { priority: "low" }).then(function (response) {
        if (!response.ok) throw new Error("no pack at " + pack[0])
        return response.json()
      }).then(function (texts) {
        return Promise.all(pack[1].map(function (shard, i) {
          if (held.has(shard) || typeof texts[i] !== "string") return null
          var kept = new Response(texts[i], { headers: { "Content-Type": "application/json" } })
          return cache.put(shard, kept).then(function () { held.add(shard) })
        }))
      })
      unpacked[pack[0]].catch(function () { delete unpacked[pack[0]] })
    }
    return unpacked[pack[0]]
  }

  self.addEventListener("install", function (event) {
    event.waitUntil(theCache().then(function (cache) {
      return cache.addAll(SHELL)
    }).then(function () { return self.skipWaiting() }))
  })

  self.addEventListener("activate", function (event) {
    event.waitUntil(caches.keys().then(function (names) {
      return Promise.all(names.filter(function (name) {
        return name.indexOf(PREFIX) === 0 && name !== CACHE
      }).map(function (name) { return caches.delete(name) }))
    }).then(function () { return self.clients.claim() }))
  })

  // url from the network, kept when it came whole (a basic answer: of this site): one
  // fetch per url until it is kept, shared by whoever asks meanwhile, each answered with
  // its own copy as soon as the answer comes
  function network(cache, url, request, priority) {
    if (!fetching[url]) {
      var answer = fetching[url] = fetch(request, priority ? { priority: priority } : undefined)
      var over = function () { if (fetching[url] === answer) delete fetching[url] }
      answer.then(function (response) {
        if (response.ok && response.type === "basic") {
          return cache.put(url, response.clone()).then(function () { held.add(url) })
        }
      }).then(over, over)
    }
    return fetching[url].then(function (response) { return response.clone() })
  }

  // the page's messages: "reading" at the first focus of its search box (the reader is
  // about to type: the copy waits as after a key), "typing" at each key in it
  self.addEventListener("message", function (event) {
    if (event.data === "reading" || event.data === "typing") lastKey = Date.now()
    if (event.data === "reading") event.waitUntil(copy())
  })

  // the kept 404 page, its note on pages not saved for offline reading shown
  function notSaved(cache, error) {
    return cache.match(NOT_FOUND).then(function (missing) {
      if (!missing) throw error
      return missing.text().then(function (text) {
        return new Response(text.replace(OFFLINE_NOTE, "data-tolaria-offline"), {
          status: 404, headers: { "Content-Type": "text/html; charset=utf-8" }
        })
      })
    })
  }

  self.addEventListener("fetch", function (event) {
    var request = event.request
    if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return
    var page = request.mode === "navigate"
    var url = request.url.split("#")[0]
    var plain = page ? url.split("?")[0] : url  // a page's ?q= and ?h= are for its scripts
    // left to the browser: a pack (never kept), a search file not kept yet (the copy's)
    if (PACKS.has(plain) || (known && SEARCH.has(plain) && !held.has(plain))) {
      lastFetch = Date.now()
      return
    }
    busy += 1
    var answer = theCache().then(function (cache) {
      return cache.match(plain).then(function (kept) {
        if (kept) return kept
        return network(cache, plain, request).then(null, function (error) {
          if (!page) throw error
          return notSaved(cache, error)
        })
      })
    })
    var done = function () { busy -= 1; lastFetch = Date.now() }
    answer.then(done, done)
    event.respondWith(answer)
    if (page) event.waitUntil(answer.then(copy, copy))  // a page view after the first
  })
})()
