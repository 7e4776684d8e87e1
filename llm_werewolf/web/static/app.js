// Seat, spectator and table-screen pages. Every text from the game is inserted with
// textContent (never as HTML). Labels come from the page's UI block (prompts/<lang>/common/ui.yaml).
"use strict";

(function () {
  const body = document.body;
  const mode = body.dataset.mode;
  const tableId = body.dataset.table;
  const seat = Number(body.dataset.seat);
  const ui = JSON.parse(document.getElementById("ui").textContent);
  const token = new URLSearchParams(location.search).get("token") || "";
  const content = document.getElementById("content");
  const phaseEl = document.getElementById("phase");
  const netEl = document.getElementById("net");

  function fill(template, values) {
    return String(template || "").replace(/\{(\w+)\}/g, (_, key) => (key in values ? String(values[key]) : ""));
  }
  function el(tag, attrs, text) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, value);
    if (text !== undefined && text !== null) node.textContent = text;
    return node;
  }
  function panel(id, title) {
    const section = el("section", { class: "panel", id: id });
    if (title) section.appendChild(el("h2", {}, title));
    return section;
  }

  if (mode === "home") {
    content.appendChild(el("p", { class: "note" }, ui.waiting_start));
    return;
  }

  // -- layout -------------------------------------------------------------------
  const seen = new Set();
  let feedList, privateList, playersList, cardBox, decisionBox, statusBox;
  if (mode === "seat") {
    const grid = el("div", { class: "grid" });
    const left = el("div");
    const right = el("div");
    cardBox = panel("card", ui.card);
    cardBox.classList.add("card");
    decisionBox = panel("decision", ui.decision);
    decisionBox.classList.add("decision");
    const privatePanel = panel("private", ui.private);
    privateList = el("ul", { class: "lines", id: "private-lines" });
    privatePanel.appendChild(privateList);
    left.append(cardBox, decisionBox, privatePanel);
    const feedPanel = panel("feed", ui.feed);
    feedList = el("ul", { class: "lines", id: "feed-lines" });
    feedPanel.appendChild(feedList);
    const playersPanel = panel("players", ui.players);
    playersList = el("ul", { class: "players", id: "players-list" });
    playersPanel.appendChild(playersList);
    right.append(playersPanel, feedPanel);
    grid.append(left, right);
    content.appendChild(grid);
  } else {
    const playersPanel = panel("players", mode === "screen" ? null : ui.players);
    playersList = el("ul", { class: "players", id: "players-list" });
    playersPanel.appendChild(playersList);
    const feedPanel = panel("feed", mode === "screen" ? null : ui.feed);
    feedList = el("ul", { class: "lines", id: "feed-lines" });
    feedPanel.appendChild(feedList);
    content.append(playersPanel, feedPanel);
  }
  statusBox = el("p", { class: "note", id: "status" });
  const turnBox = el("p", { class: "turn", id: "turn", hidden: "" });
  // A model's public speech while it is generated: a preview, replaced by what the table records.
  const previewBox = el("div", { class: "previews", id: "previews", "aria-live": "polite" });
  content.prepend(turnBox, previewBox);
  content.appendChild(statusBox);

  // -- who is speaking (a model: "thinking…" with the seconds it has taken) ------------------
  let turnTimer = null;
  function renderTurn(turn) {
    if (turnTimer) clearInterval(turnTimer);
    turnTimer = null;
    if (!turn) { turnBox.hidden = true; turnBox.textContent = ""; delete turnBox.dataset.seats; return; }
    turnBox.hidden = false;
    turnBox.dataset.seats = turn.seats.join(",");
    turnBox.classList.toggle("model", !turn.human);
    const start = Date.now() - (turn.elapsed || 0) * 1000;
    const tick = () => {
      const seconds = Math.floor((Date.now() - start) / 1000);
      turnBox.textContent = `${turn.text} ${fill(ui.elapsed, { seconds })}`;
    };
    tick();
    turnTimer = setInterval(tick, 1000);
    syncTurn();
  }

  // -- speech previews (never a line of the feed: the recorded speech comes as an item) -------
  function renderPreview(preview) {
    const key = String(preview.seat);
    let line = previewBox.querySelector(`p.preview[data-seat="${key}"]`);
    if (preview.text === null || preview.text === undefined || preview.text === "") {
      if (line) line.remove();
      syncTurn();
      return;
    }
    if (!line) {
      line = el("p", { class: "preview", "data-seat": key });
      line.append(el("span", { class: "who" }, preview.label), el("span", { class: "text" }));
      previewBox.appendChild(line);
    }
    line.querySelector(".text").textContent = preview.text;
    syncTurn();
  }
  function renderPreviews(previews) {
    previewBox.querySelectorAll("p.preview").forEach((line) => line.remove());
    for (const preview of previews || []) renderPreview(preview);
  }
  function showSaid(text) {
    // The table screen keeps no speeches in its feed: the last recorded speech stands where its preview was.
    previewBox.querySelectorAll("p.said").forEach((said) => said.remove());
    previewBox.prepend(el("p", { class: "said", id: "said" }, text));
  }
  function syncTurn() {
    // A seat whose speech is showing as it is generated needs no "thinking…" line.
    const seats = turnBox.dataset.seats ? turnBox.dataset.seats.split(",") : [];
    const streaming = seats.length > 0 && seats.every((s) => previewBox.querySelector(`p.preview[data-seat="${s}"]`));
    turnBox.hidden = !seats.length || streaming;
  }

  // -- read aloud (the table screen, opt-in): the narrator's story lines through the browser's speech synthesis --
  // A line the server marks with `speak` (its language) is read in that language once the switch is on.
  const SPEECH_LANGS = { "zh-Hant": "zh-TW" };
  let readAloud = false;
  if (mode === "screen" && "speechSynthesis" in window) {
    const toggle = el("button", { type: "button", id: "read-aloud", class: "read-aloud", "aria-pressed": "false" }, ui.read_aloud);
    toggle.addEventListener("click", () => {
      readAloud = !readAloud;
      toggle.setAttribute("aria-pressed", String(readAloud));
      if (!readAloud) window.speechSynthesis.cancel();
    });
    document.querySelector("header.bar").appendChild(toggle);
  }
  function speakItems(items) {
    if (!readAloud) return;
    for (const item of items) {
      if (!item.speak || !item.text) continue;
      const utterance = new SpeechSynthesisUtterance(item.text);
      utterance.lang = SPEECH_LANGS[item.speak] || item.speak;
      window.speechSynthesis.speak(utterance);
    }
  }

  // -- rendering ------------------------------------------------------------------
  let narrated = false;
  const SCREEN_CLASSES = new Set(["narration", "phase", "death", "end", "announce", "vote"]);
  const SCREEN_KEEP = 6;

  function addItems(items) {
    for (const item of items) {
      if (seen.has(item.seq)) continue;
      seen.add(item.seq);
      if (item.cls === "narration") narrated = true;
      if (mode === "screen") {
        if (item.cls === "speech") showSaid(item.text);
        if (item.cls === "phase") previewBox.querySelectorAll("p.said").forEach((said) => said.remove());
        if (!SCREEN_CLASSES.has(item.cls)) continue;
        if (narrated && !["narration", "phase", "end"].includes(item.cls)) continue;
      }
      const li = el("li", { class: item.cls + (item.private ? " private" : ""), "data-seq": item.seq }, item.text);
      feedList.appendChild(li);
      if (item.private && privateList && (item.cls === "info" || item.cls === "card")) {
        privateList.appendChild(el("li", { class: "private " + item.cls }, item.text));
      }
    }
    if (mode === "screen") {
      while (feedList.children.length > SCREEN_KEEP) feedList.removeChild(feedList.firstChild);
    }
    feedList.scrollTop = feedList.scrollHeight;
    if (privateList && !privateList.children.length) privateList.appendChild(el("li", { class: "note empty" }, ui.no_private));
    if (privateList && privateList.children.length > 1) {
      const empty = privateList.querySelector("li.empty");
      if (empty) empty.remove();
    }
  }

  // The public pages' discreet marker: how many of a seat's decisions the fallback answered (the server
  // counts the day's while the game runs and all once it is over, as on the host page).
  let fallbacks = [];
  function markFallbacks(counts) {
    if (counts) fallbacks = counts;
    playersList.querySelectorAll("li[data-seat]").forEach((li) => {
      const count = fallbacks[Number(li.dataset.seat) - 1] || 0;
      let mark = li.querySelector("span.fallback");
      if (!count) { if (mark) mark.remove(); return; }
      if (!mark) { mark = el("span", { class: "fallback", title: ui.host.fallbacks }); li.appendChild(mark); }
      mark.textContent = ` ⚕ ${count}`;
      mark.setAttribute("aria-label", `${ui.host.fallbacks}: ${count}`);
    });
  }

  function renderState(state) {
    if (state.phase) phaseEl.textContent = state.phase;
    if (state.players) {
      playersList.replaceChildren();
      for (const p of state.players) {
        const cls = (p.alive ? "alive" : "dead") + (p.you ? " you" : "");
        playersList.appendChild(el("li", { class: cls, title: p.alive ? ui.alive : ui.dead, "data-seat": String(p.seat) }, p.label));
      }
    }
    if (mode !== "seat") markFallbacks(state.fallbacks);
    if (cardBox && state.card) {
      cardBox.replaceChildren(el("h2", {}, ui.card));
      cardBox.appendChild(el("div", { class: "who" }, fill(ui.your_seat, { number: state.card.seat, name: state.card.name })));
      cardBox.appendChild(el("div", { class: "role", id: "role" }, state.card.role_name || ui.role_unknown));
      if (state.card.side_name) cardBox.appendChild(el("div", { class: "side" }, fill(ui.side, { side: state.card.side_name })));
    }
    if (state.ended) statusBox.textContent = ui.game_over;
  }

  let countdownTimer = null;
  function renderDecision(decision) {
    if (!decisionBox) return;
    if (countdownTimer) clearInterval(countdownTimer);
    countdownTimer = null;
    decisionBox.replaceChildren(el("h2", {}, ui.decision));
    if (!decision) {
      decisionBox.appendChild(el("p", { class: "note", id: "no-decision" }, ui.no_decision));
      decisionBox.dataset.open = "";
      return;
    }
    decisionBox.dataset.open = String(decision.id);
    decisionBox.appendChild(el("div", { class: "title", id: "decision-title" }, decision.title));
    if (decision.error) decisionBox.appendChild(el("p", { class: "error" }, decision.error));
    if (decision.seconds_left !== null && decision.seconds_left !== undefined) {
      const end = Date.now() + decision.seconds_left * 1000;
      const clock = el("p", { class: "countdown", id: "countdown" });
      decisionBox.appendChild(clock);
      decisionBox.appendChild(el("p", { class: "note" }, ui.timeout_note));
      const tick = () => {
        clock.textContent = fill(ui.countdown, { seconds: Math.max(0, Math.ceil((end - Date.now()) / 1000)) });
      };
      tick();
      countdownTimer = setInterval(tick, 250);
    }
    let textBox = null;
    let claimBox = null;
    if (decision.speech) {
      textBox = el("textarea", { id: "speech", maxlength: String(decision.speech_limit), placeholder: fill(ui.speech_box, { limit: decision.speech_limit }) });
      decisionBox.appendChild(textBox);
      if (decision.claims && decision.claims.length) {
        claimBox = el("select", { id: "claim", "aria-label": ui.claim });
        claimBox.appendChild(el("option", { value: "" }, ui.no_claim));
        for (const c of decision.claims) claimBox.appendChild(el("option", { value: c.id }, c.label));
        const row = el("label", { class: "field" });
        row.append(el("span", {}, ui.claim), claimBox);
        decisionBox.appendChild(row);
      }
    }
    const options = el("div", { class: "options", id: "options" });
    for (const option of decision.options) {
      const button = el("button", { type: "button", "data-option": option.id }, option.label);
      button.addEventListener("click", () => {
        for (const b of options.querySelectorAll("button")) b.disabled = true;
        send({
          type: "answer",
          decision_id: decision.id,
          option: option.id,
          text: textBox ? textBox.value : "",
          claim: claimBox && claimBox.value ? claimBox.value : null,
        });
        statusBox.textContent = ui.sent;
      });
      options.appendChild(button);
    }
    decisionBox.appendChild(options);
  }

  function showError(message) {
    if (!decisionBox) return;
    const p = el("p", { class: "error", id: "answer-error" }, message);
    decisionBox.insertBefore(p, decisionBox.querySelector(".options"));
    for (const b of decisionBox.querySelectorAll(".options button")) b.disabled = false;
    statusBox.textContent = "";
  }

  // -- the connection (rejoins by itself with the same link) -------------------------
  let socket = null;
  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }
  function connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const path = mode === "seat" ? `/ws/t/${tableId}/seat/${seat}` : `/ws/t/${tableId}/public`;
    socket = new WebSocket(`${scheme}://${location.host}${path}?token=${encodeURIComponent(token)}`);
    socket.addEventListener("open", () => { netEl.hidden = true; });
    socket.addEventListener("message", (event) => {
      const message = JSON.parse(event.data);
      const next = message.type === "next" ? message.table : message.next;
      if (next && next !== tableId) {  // "play again": the same link's token opens the same seat at the new table
        location.href = location.pathname.replace(`/t/${tableId}/`, `/t/${encodeURIComponent(next)}/`) + location.search;
        return;
      }
      if (message.type === "turn") renderTurn(message.turn);
      if (message.type === "preview") renderPreview(message.preview);
      if (message.type === "snapshot") {
        renderTurn(message.turn);
        renderPreviews(message.previews);
        if (mode === "screen") feedList.replaceChildren();
        addItems(message.items);
        renderState(message);
        renderDecision(message.decision);
        if (message.status === "waiting") statusBox.textContent = ui.waiting_start;
        else if (message.status !== "running") statusBox.textContent = ui.game_over;
        else statusBox.textContent = "";
      } else if (message.type === "update") {
        speakItems(message.items.filter((item) => !seen.has(item.seq)));
        addItems(message.items);
        renderState(message);
      } else if (message.type === "decision") {
        renderDecision(message.decision);
        if (message.decision) statusBox.textContent = "";
      } else if (message.type === "error") {
        showError(message.message);
      } else if (message.type === "status") {
        if (message.status === "running") statusBox.textContent = "";
        if (message.status === "over" || message.status === "failed") { statusBox.textContent = ui.game_over; renderTurn(null); renderPreviews([]); }
        if (mode !== "seat" && message.fallbacks) markFallbacks(message.fallbacks);
        body.dataset.status = message.status;
      }
      if (message.status) body.dataset.status = message.status;
    });
    socket.addEventListener("close", () => {
      netEl.textContent = ui.reconnecting;
      netEl.hidden = false;
      setTimeout(connect, 1000);
    });
  }
  connect();
})();
