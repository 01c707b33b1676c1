/* «Сообщить об ошибке в тексте»: the words a judge selects become the report's fragment.
   On a rule page the selection inside a Russian cell rides along the cell's report link
   (?phrase=); on the report page a selection in the rule's text fills the field. */
(function () {
  "use strict";
  var MAX = 300;
  var last = null;   // {text, cell}: the last selection inside a Russian cell of a rule page

  function selected(within) {
    var sel = window.getSelection();
    if (!sel || sel.isCollapsed || !sel.rangeCount) return null;
    var node = sel.getRangeAt(0).commonAncestorContainer;
    var host = node.nodeType === 1 ? node : node.parentNode;
    var box = host && host.closest ? host.closest(within) : null;
    var text = sel.toString().replace(/\s+/g, " ").trim();
    return box && text ? {text: text.slice(0, MAX), box: box} : null;
  }

  document.addEventListener("selectionchange", function () {
    var s = selected(".cell.ru");
    if (s) last = s;
    var src = document.getElementById("report-source");
    var field = document.getElementById("phrase");
    if (src && field) {
      var r = selected("#report-source");
      if (r) field.value = r.text;
    }
  });

  document.addEventListener("click", function (ev) {
    var a = ev.target.closest ? ev.target.closest("a.report-link") : null;
    if (!a || !last) return;
    if (last.box !== a.closest(".cell.ru")) return;
    var url = new URL(a.href, location.href);
    url.searchParams.set("phrase", last.text);
    a.href = url.pathname + url.search;
  }, true);
})();
