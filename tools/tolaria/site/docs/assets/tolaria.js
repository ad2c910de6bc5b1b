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
    // The language switcher goes to the same page; take the rule along too.
    var alternate = target.closest("a[hreflang]")
    if (alternate && location.hash) {
      alternate.href = alternate.href.split("#")[0] + location.hash
    }
  })
})()
