// hoard serve: live pages. When what a page shows changes, the server says so on its event
// stream; this fetches the page again and puts its <main> in place of the old one. Without this
// script (or without JavaScript) the pages are whole and a reload shows the latest.
"use strict";
(function () {
  if (!window.EventSource || !window.fetch || !window.DOMParser) {
    return;
  }
  var busy = false;
  var again = false;
  function refresh() {
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    fetch(window.location.href, { cache: "no-store", credentials: "same-origin" })
      .then(function (response) {
        return response.ok ? response.text() : null;
      })
      .then(function (text) {
        if (text === null) {
          return;
        }
        // Parsed into a separate document: nothing in it runs.
        var fresh = new DOMParser().parseFromString(text, "text/html").getElementById("page");
        var old = document.getElementById("page");
        if (fresh && old) {
          old.replaceWith(document.importNode(fresh, true));
          document.documentElement.dataset.updated = String(Date.now());
        }
      })
      .catch(function () {})
      .then(function () {
        busy = false;
        if (again) {
          again = false;
          refresh();
        }
      });
  }
  // The referee's dashboard hears of every event; the players' pages of what they show.
  var path = window.location.pathname;
  var events = new EventSource(/^\/referee\/[0-9a-f]+$/.test(path) ? path + "/events" : "/events");
  events.addEventListener("open", function () {
    document.documentElement.dataset.live = "on";
  });
  events.addEventListener("change", refresh);
})();
