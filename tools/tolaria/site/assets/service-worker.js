// Tolaria's service worker, one per language (LANG/sw.js, scope LANG/). The build writes
// self.TOLARIA_OFFLINE on the first line (site/offline.py): the language, the build's
// version, its pages with their CSS, JavaScript and images (cached at install), the whole
// CR's pages (cached in the background once installed, at the page's message) and its search's files (cached after the first search; the Spanish and Italian ones with the
// English files they join), as addresses relative to this file.
//  - A page, or any file of the site, comes from the cache when it is there, else from the
//    network, and is kept (so the search's files the page fetches are kept as it fetches
//    them: nothing of the search is fetched before the reader starts to search).
//  - After the first search (a search file fetched through this worker, or the page's
//    "searched" message), every search file not yet kept is fetched and kept.
//  - A new build is a new version: its cache replaces the older ones at activation.
//  - Offline, an address not kept opens the kept 404 page.
(function () {
  "use strict"
  var O = self.TOLARIA_OFFLINE
  var PREFIX = "tolaria-" + O.lang + "-", CACHE = PREFIX + O.version
  var address = function (path) { return new URL(path, self.location).href }
  var PAGES = O.pages.map(address), MORE = O.more.map(address), SEARCH = new Set(O.search.map(address))
  var NOT_FOUND = address("404.html")
  var keeping = {}

  // every file of urls not kept yet, fetched and kept, a few at a time (once per start of
  // this worker and list: offline meanwhile, tried again the next time)
  function keep(name, urls) {
    if (!keeping[name]) {
      keeping[name] = caches.open(CACHE).then(function (cache) {
        var queue = urls.slice()
        var next = function () {
          var url = queue.shift()
          if (!url) return null
          return cache.match(url).then(function (kept) {
            return kept || fetch(url).then(function (response) {
              if (response.ok) return cache.put(url, response)
            })
          }).then(next)
        }
        return Promise.all([next(), next(), next()])
      }).catch(function () { keeping[name] = null })
    }
    return keeping[name]
  }
  var keepSearch = function () { return keep("search", Array.from(SEARCH)) }

  self.addEventListener("install", function (event) {
    event.waitUntil(caches.open(CACHE).then(function (cache) {
      return cache.addAll(PAGES)
    }).then(function () { return self.skipWaiting() }))
  })

  self.addEventListener("activate", function (event) {
    event.waitUntil(caches.keys().then(function (names) {
      return Promise.all(names.filter(function (name) {
        return name.indexOf(PREFIX) === 0 && name !== CACHE
      }).map(function (name) { return caches.delete(name) }))
    }).then(function () { return self.clients.claim() }))
  })

  // the page's messages: "installed" once this worker is active (the whole CR's pages are
  // then kept), "searched" after the reader's first search
  self.addEventListener("message", function (event) {
    if (event.data === "installed") event.waitUntil(keep("more", MORE))
    if (event.data === "searched") event.waitUntil(keepSearch())
  })

  self.addEventListener("fetch", function (event) {
    var request = event.request
    if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return
    var page = request.mode === "navigate"
    var url = request.url.split("#")[0]
    var plain = page ? url.split("?")[0] : url  // a page's ?q= and ?h= are for its scripts
    if (SEARCH.has(plain)) event.waitUntil(new Promise(function (done) {
      setTimeout(done, 2000)  // the first search's own files first
    }).then(keepSearch))
    event.respondWith(caches.open(CACHE).then(function (cache) {
      return cache.match(plain).then(function (kept) {
        if (kept) return kept
        return fetch(request).then(function (response) {
          if (response.ok && response.type === "basic") cache.put(plain, response.clone())
          return response
        }, function (error) {
          if (!page) throw error
          return cache.match(NOT_FOUND).then(function (missing) {
            if (missing) return missing
            throw error
          })
        })
      })
    }))
  })
})()
