// Tolaria: copy a rule's link, keep the rule when switching language.
(function () {
  "use strict"
  function copied(button) {
    button.classList.add("t-copied")
    setTimeout(function () { button.classList.remove("t-copied") }, 1500)
  }
  document.addEventListener("click", function (event) {
    var target = event.target
    if (!(target instanceof Element)) return
    var button = target.closest(".t-copy")
    if (button) {
      var link = location.href.split("#")[0] + "#" + button.getAttribute("data-anchor")
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(link).then(function () { copied(button) })
      } else {
        var area = document.createElement("textarea")
        area.value = link
        document.body.appendChild(area)
        area.select()
        try { document.execCommand("copy") } catch (e) { /* nothing to do */ }
        area.remove()
        copied(button)
      }
      history.replaceState(null, "", link)
      return
    }
  })
  // The language switcher goes to the same page (its links say which); take the rule along
  // too. Caught before the theme's own handler, which would send a site without a sitemap
  // of absolute addresses to the other language's home page.
  document.addEventListener("click", function (event) {
    var target = event.target
    if (!(target instanceof Element)) return
    var alternate = target.closest("a.md-select__link[hreflang]")
    if (!alternate || event.metaKey || event.ctrlKey) return
    alternate.href = alternate.href.split("#")[0] + location.hash
    event.stopPropagation()
  }, true)
})()
