// hoard serve: live pages. When what a page shows changes, the server says so on its event
// stream; this fetches the page again and puts its <main> in place of the old one. Without this
// script (or without JavaScript) the pages are whole and a reload shows the latest.
//
// When the stream drops (the server restarted, the Wi-Fi went), the page says it is offline
// until the stream opens again, and then fetches itself once: whatever changed meanwhile (which
// no event could announce) shows, and a page that missed nothing stays as it is.
"use strict";
(function () {
  if (!window.EventSource || !window.fetch || !window.DOMParser) {
    return;
  }
  var root = document.documentElement;
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
        if (fresh && old && fresh.innerHTML !== old.innerHTML) {
          old.replaceWith(document.importNode(fresh, true));
          root.dataset.updated = String(Date.now());
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
  // The page's "offline" line shows while this says so (hoard.css).
  function offline(down) {
    root.dataset.live = down ? "off" : "on";
  }
  // The referee's dashboard hears of every event; the players' pages of what they show.
  var path = window.location.pathname;
  var url = /^\/referee\/[0-9a-f]+$/.test(path) ? path + "/events" : "/events";
  var dropped = false;
  var current = null;
  function listen() {
    var events = new EventSource(url);
    current = events;
    events.addEventListener("open", function () {
      offline(false);
      if (dropped) {
        dropped = false;
        refresh();
      }
    });
    events.addEventListener("change", refresh);
    events.addEventListener("error", function () {
      dropped = true;
      offline(true);
      // A stream the browser gave up on (an answer that was not a stream) is opened anew.
      if (events.readyState === EventSource.CLOSED) {
        window.setTimeout(listen, 1000);
      }
    });
  }
  // A page left for another closes its stream: a browser keeps a page it may go back to,
  // and its open stream would hold one of the few connections it opens to one server, so
  // that after a few pages the next would wait. Back on the page, it listens again and
  // fetches itself, as after any drop.
  window.addEventListener("pagehide", function () {
    if (current) {
      current.close();
      current = null;
    }
  });
  window.addEventListener("pageshow", function (event) {
    if (event.persisted && !current) {
      dropped = true;
      listen();
    }
  });
  listen();
})();
