// hoard serve: live pages. When what a page shows changes, the server says so on its event
// stream; this fetches the page again and puts its <main> in place of the old one. Without this
// script (or without JavaScript) the pages are whole and a reload shows the latest.
//
// When the stream drops (the server restarted, the Wi-Fi went), or the page cannot be fetched
// again (the server refused it or could not answer), the page says it is offline until both
// work again: a page that cannot refresh never stays stale without a word. A fetch that failed
// is tried again every two seconds; a stream that opens again fetches the page once, so
// whatever changed meanwhile (which no event could announce) shows, and a page that missed
// nothing stays as it is.
"use strict";
(function () {
  if (!window.EventSource || !window.fetch || !window.DOMParser) {
    return;
  }
  var root = document.documentElement;
  // The answer to a console's form stands at the form's address: the dashboard's own takes
  // its place, so that the page follows the table again and a reload shows the dashboard
  // rather than sending the form twice (which the server would refuse).
  var token = document.querySelector("#console input[name=token]");
  if (token && /^\/referee\/do\//.test(window.location.pathname)) {
    window.history.replaceState(null, "", "/referee/" + token.value + window.location.hash);
  }
  // On the referee's dashboard, its forms stay as the referee left them: the rest is
  // refreshed.
  var part = document.getElementById("dashboard") ? "dashboard" : "page";
  var busy = false;
  var again = false;
  var retry = null;
  // What is down: the stream, the last fetch. The page's "offline" line shows while either
  // is (hoard.css).
  var down = { stream: false, fetch: false };
  function show() {
    root.dataset.live = down.stream || down.fetch ? "off" : "on";
  }
  function refresh() {
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    fetch(window.location.href, { cache: "no-store", credentials: "same-origin" })
      .then(function (response) {
        if (!response.ok) {
          throw new Error("answered " + response.status);
        }
        return response.text();
      })
      .then(function (text) {
        // Parsed into a separate document: nothing in it runs.
        var doc = new DOMParser().parseFromString(text, "text/html");
        var fresh = doc.getElementById(part);
        var old = document.getElementById(part);
        if (!fresh || !old) {
          throw new Error("no page");
        }
        if (fresh.innerHTML !== old.innerHTML) {
          old.replaceWith(document.importNode(fresh, true));
          root.dataset.updated = String(Date.now());
        }
        // So do the campaign's clock above the console and its lists of names.
        var clock = doc.querySelector("#page > p.campaign");
        var shown = document.querySelector("#page > p.campaign");
        if (part !== "page" && clock && shown && clock.textContent !== shown.textContent) {
          shown.textContent = clock.textContent;
        }
        doc.querySelectorAll("#console datalist").forEach(function (list) {
          var mine = document.getElementById(list.id);
          if (mine && mine.innerHTML !== list.innerHTML) {
            mine.replaceWith(document.importNode(list, true));
          }
        });
        down.fetch = false;
      })
      .catch(function () {
        down.fetch = true;
        if (retry === null) {
          retry = window.setTimeout(function () {
            retry = null;
            refresh();
          }, 2000);
        }
      })
      .then(function () {
        show();
        busy = false;
        if (again) {
          again = false;
          refresh();
        }
      });
  }
  // A claim on a personal page is posted without leaving the page: its answer takes the
  // place of <main> and the player stays where they were on it (without the script, the
  // answer's address brings the page back at the item's row). A claim refused shows why, from
  // the top; one the network lost is posted the plain way.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches("form.claim") || form.dataset.plain) {
      return;
    }
    event.preventDefault();
    var data = new FormData(form);
    if (event.submitter && event.submitter.name) {
      data.append(event.submitter.name, event.submitter.value);
    }
    fetch(form.action, { method: "POST", body: new URLSearchParams(data), credentials: "same-origin" })
      .then(function (response) {
        return response.text().then(function (text) {
          var fresh = new DOMParser().parseFromString(text, "text/html").getElementById("page");
          var old = document.getElementById("page");
          if (!fresh || !old) {
            throw new Error("no page");
          }
          var y = window.scrollY;
          old.replaceWith(document.importNode(fresh, true));
          window.scrollTo(0, response.ok ? y : 0);
        });
      })
      .catch(function () {
        form.dataset.plain = "1";
        form.requestSubmit(event.submitter);
      });
  });
  // The referee's dashboard hears of every event; the players' pages of what they show.
  var path = window.location.pathname;
  var url = /^\/referee\/[0-9a-f]+$/.test(path) ? path + "/events" : "/events";
  var dropped = false;
  var current = null;
  function listen() {
    var events = new EventSource(url);
    current = events;
    events.addEventListener("open", function () {
      down.stream = false;
      show();
      if (dropped) {
        dropped = false;
        refresh();
      }
    });
    events.addEventListener("change", refresh);
    events.addEventListener("error", function () {
      dropped = true;
      down.stream = true;
      show();
      // A stream the browser gave up on (an answer that was not a stream) is opened anew.
      if (events.readyState === EventSource.CLOSED && current === events) {
        current = null;
        window.setTimeout(function () {
          if (!current && !document.hidden) {
            listen();
          }
        }, 1000);
      }
    });
  }
  function close() {
    if (current) {
      current.close();
      current = null;
    }
  }
  // Only a page on screen listens: a browser opens only six connections to one server, and
  // a stream holds one for as long as it is open, so that the streams of pages it keeps for
  // going back, or of tabs in the background, would leave none to fetch a page. A page left
  // (`pagehide`) or hidden closes its stream; brought back, it listens again and fetches
  // itself, as after any drop.
  function back() {
    if (!current && !document.hidden) {
      dropped = true;
      listen();
    }
  }
  window.addEventListener("pagehide", close);
  window.addEventListener("pageshow", function (event) {
    if (event.persisted) {
      back();
    }
  });
  document.addEventListener("visibilitychange", function () {
    if (document.hidden) {
      close();
    } else {
      back();
    }
  });
  if (!document.hidden) {
    listen();
  }
})();
