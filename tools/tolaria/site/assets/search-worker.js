// Tolaria's search worker: the theme's own worker (Lunr), with accents folded in the index
// and in the query, so that "finalizacion" finds "finalización" and "priorita" "priorità".
// The build writes this file beside the theme's worker and names that worker below.
(function () {
  "use strict"
  var fold = function (text) {
    return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "")
  }
  var QUERY = 2 // the theme's SearchMessageType.QUERY
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

  addListener.call(self, "message", function (event) {
    var message = event.data
    if (message && message.type === QUERY && typeof message.data === "string")
      message = { type: QUERY, data: fold(message.data) }
    for (var i = 0; i < handlers.length; i++) handlers[i]({ data: message })
  })
})()
