// The exam countdown: the server keeps the real clock; this only shows the time left.
(function () {
  var el = document.querySelector('.t-timer');
  if (!el) return;
  var left = parseInt(el.getAttribute('data-seconds'), 10) || 0;
  var end = Date.now() + left * 1000;
  function tick() {
    var s = Math.max(0, Math.round((end - Date.now()) / 1000));
    el.textContent = Math.floor(s / 60) + ':' + ('0' + (s % 60)).slice(-2);
    if (s > 0) setTimeout(tick, 1000);
  }
  tick();
})();

// A form that destroys something (deleting a group) asks first: its data-confirm is the question.
document.addEventListener('submit', function (ev) {
  var q = ev.target.getAttribute && ev.target.getAttribute('data-confirm');
  if (q && !window.confirm(q)) ev.preventDefault();
});
