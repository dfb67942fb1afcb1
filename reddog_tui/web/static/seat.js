// The page's part of the one-seat rule (see reddog_tui/web/server.py): the tab's id lives in
// sessionStorage, which a reload keeps and another tab or screen does not share, and goes in
// the websocket's address. The terminal starts once the font is loaded, since it measures its
// cells only once.
//
// A copy of a tab (the browser's Duplicate, window.open) starts with a copy of its
// sessionStorage, id and all, while the original still plays; the copy would take the seat
// as a reload does. So the page marks its storage as shown while it is, and clears the mark
// when it goes (a reload clears it before the next page reads it): an id found with the mark
// still set belongs to another live tab, and this one takes a new id.
(function () {
  "use strict";
  const SHOWN = "reddog-tab-shown";
  let tab = sessionStorage.getItem("reddog-tab");
  if (!tab || sessionStorage.getItem(SHOWN)) {
    const bytes = crypto.getRandomValues(new Uint8Array(16)); // randomUUID needs https off loopback
    tab = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
    sessionStorage.setItem("reddog-tab", tab);
  }
  sessionStorage.setItem(SHOWN, "1");
  window.addEventListener("pagehide", () => sessionStorage.removeItem(SHOWN));
  window.addEventListener("pageshow", () => sessionStorage.setItem(SHOWN, "1")); // back from the page cache
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  document.getElementById("terminal").dataset.sessionWebsocketUrl = scheme + "//" + location.host + "/ws/" + tab;
  const start = window.onload;
  window.onload = function (event) {
    const size = document.getElementById("terminal").dataset.fontSize + "px 'Roboto Mono'";
    Promise.all([document.fonts.load(size), document.fonts.load("bold " + size)]).finally(() => {
      start(event);
      // Keys go to the terminal from the start: a cabinet with a keyboard and no touch screen
      // has no first tap that would give it the focus.
      const input = document.querySelector("#terminal .xterm-helper-textarea");
      if (input) input.focus({ preventScroll: true });
    });
  };
})();
