// The host page: choose ruleset, language, switches and seats; create the table; hand out links; start.
"use strict";

(function () {
  const ui = JSON.parse(document.getElementById("ui").textContent);
  const h = ui.host || {};
  const token = new URLSearchParams(location.search).get("token") || "";
  const content = document.getElementById("content");
  const headers = { "Content-Type": "application/json", "X-Host-Token": token };

  function el(tag, attrs, text) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, value);
    if (text !== undefined && text !== null) node.textContent = text;
    return node;
  }
  function field(labelText, input) {
    const row = el("label", { class: "field" });
    row.append(el("span", {}, labelText), input);
    return row;
  }
  async function api(method, path, body) {
    const response = await fetch(path, { method, headers, body: body ? JSON.stringify(body) : undefined });
    const data = await response.json().catch(() => ({}));
    if (!response.ok) throw new Error(typeof data.detail === "string" ? data.detail : JSON.stringify(data.detail || data));
    return data;
  }

  const form = el("form", { id: "setup" });
  form.addEventListener("submit", (event) => event.preventDefault());
  const rulesetSel = el("select", { id: "ruleset" });
  const langSel = el("select", { id: "language" });
  const players = el("input", { id: "players", type: "number", min: "1", max: "40" });
  const seed = el("input", { id: "seed", type: "number", min: "0" });
  const timeLimit = el("input", { id: "time-limit", type: "number", min: "1", step: "1" });
  const onTimeout = el("select", { id: "on-timeout" });
  onTimeout.append(el("option", { value: "heuristic" }, h.on_timeout_heuristic), el("option", { value: "default" }, h.on_timeout_default));
  const speechLimit = el("input", { id: "speech-limit", type: "number", min: "20", max: "5000", value: "600" });
  const pace = el("input", { id: "pace", type: "number", min: "0", max: "10", step: "0.5", value: "0" });
  const optionsBox = el("fieldset", { id: "options" });
  const seatsTable = el("table", { class: "seats", id: "seats" });
  const createButton = el("button", { type: "button", id: "create" }, h.create);
  const message = el("p", { class: "error", id: "host-error" });
  const result = el("section", { class: "panel links", id: "result", hidden: "" });

  const pageSel = el("select", { id: "page-language" });
  for (const l of Object.keys(h.language_names || { en: "English" })) pageSel.appendChild(el("option", { value: l }, h.language_names[l]));
  pageSel.value = document.documentElement.lang || "en";
  pageSel.addEventListener("change", () => {
    const query = new URLSearchParams(location.search);
    query.set("lang", pageSel.value);
    location.search = query.toString();
  });
  form.append(
    field(h.page_language, pageSel),
    field(h.ruleset, rulesetSel), field(h.language, langSel), field(h.players, players), field(h.seed, seed),
    field(h.time_limit, timeLimit), field(h.on_timeout, onTimeout), field(h.speech_limit, speechLimit), field(h.pace, pace),
    el("h2", {}, h.options), optionsBox, el("h2", {}, h.seats), seatsTable, createButton, message,
  );
  const setupPanel = el("section", { class: "panel" });
  setupPanel.appendChild(form);
  content.append(setupPanel, result);

  let catalog = { rulesets: [], players: [] };
  const current = () => catalog.rulesets.find((r) => r.id === rulesetSel.value);

  const names = (table, id) => (h[table] && h[table][id]) || id;
  const pageLang = document.documentElement.lang || "en";

  function switchControl(o) {
    let input;
    if (o.control === "select") {
      input = el("select", { "data-name": o.name, class: "switch" });
      for (const v of o.values) {
        const text = v === null ? h.follow_board : v === true ? h.switch_on : v === false ? h.switch_off : valueLabel(o, v);
        input.appendChild(el("option", { value: JSON.stringify(v) }, text));
      }
      input.value = JSON.stringify(o.default === undefined ? null : o.default);
    } else if (o.control === "multi") {
      input = el("span", { "data-name": o.name, class: "multi" });
      for (const v of o.values) {
        const box = el("input", { type: "checkbox", value: v });
        box.checked = Array.isArray(o.default) && o.default.includes(v);
        const item = el("label", { class: "choice" });
        item.append(box, el("span", {}, valueLabel(o, v)));
        input.appendChild(item);
      }
    } else if (o.control === "checkbox") {
      input = el("input", { type: "checkbox", "data-name": o.name });
      input.checked = Boolean(o.default);
    } else {
      const attrs = { type: o.control === "number" ? "number" : "text", "data-name": o.name };
      if (o.control === "number") { attrs.step = String(o.step); if (o.min !== undefined) attrs.min = String(o.min); if (o.max !== undefined) attrs.max = String(o.max); }
      input = el("input", attrs);
      if (o.default !== null && o.default !== undefined) input.value = String(o.default);
    }
    input.dataset.control = o.control;
    input.dataset.type = o.type;
    input.dataset.initial = JSON.stringify(readSwitch(input));
    return input;
  }
  function valueLabel(o, v) {
    return (o.value_labels && o.value_labels[String(v)]) || String(v).replace(/_/g, " ");
  }
  function readSwitch(input) {
    const c = input.dataset.control;
    if (c === "select") return JSON.parse(input.value);
    if (c === "multi") return [...input.querySelectorAll("input:checked")].map((b) => b.value);
    if (c === "checkbox") return input.checked;
    if (c === "number") return input.value === "" ? null : Number(input.value);
    return input.value;
  }

  function renderRuleset() {
    const r = current();
    if (!r) return;
    langSel.replaceChildren(...r.languages.map((l) => el("option", { value: l }, `${names("language_names", l)} (${l})`)));
    if (r.languages.includes(pageLang)) langSel.value = pageLang;
    players.min = String(r.min_players);
    players.max = String(r.max_players);
    players.value = String(r.standard_players);
    optionsBox.replaceChildren();
    for (const o of r.options) {
      const input = switchControl(o);
      const row = field(o.label || o.name.replace(/_/g, " "), input);
      row.title = o.help || "";
      optionsBox.appendChild(row);
    }
    renderSeats();
  }

  const seatsHead = el("thead");
  const headRow = el("tr");
  for (const key of ["seat_number", "seat_name", "seat_kind", "model", "persona"]) headRow.appendChild(el("th", { scope: "col" }, h[key]));
  seatsHead.appendChild(headRow);
  const seatsBody = el("tbody");
  seatsTable.append(seatsHead, seatsBody);

  function renderSeats() {
    const count = Math.max(1, Math.min(40, Number(players.value) || 1));
    const rows = [...seatsBody.querySelectorAll("tr")];
    while (rows.length > count) rows.pop().remove();
    for (let i = rows.length; i < count; i++) {
      const tr = el("tr", { "data-seat": String(i + 1) });
      const kind = el("select", { class: "player" });
      for (const p of catalog.players) kind.appendChild(el("option", { value: p }, p === "human" ? h.human : names("player_kinds", p)));
      kind.value = i < 2 ? "human" : "heuristic";
      const model = el("input", { class: "model", placeholder: h.model, size: "14" });
      const name = el("input", { class: "name", placeholder: h.seat_name, size: "10", maxlength: "40" });
      const persona = el("input", { class: "persona", placeholder: h.persona, size: "10", maxlength: "80" });
      tr.append(el("td", {}, String(i + 1)), el("td", {}, null), el("td", {}, null), el("td", {}, null), el("td", {}, null));
      tr.children[1].appendChild(name);
      tr.children[2].appendChild(kind);
      tr.children[3].appendChild(model);
      tr.children[4].appendChild(persona);
      seatsBody.appendChild(tr);
    }
  }

  function collect() {
    const options = {};
    for (const input of optionsBox.querySelectorAll("[data-control]")) {
      const value = readSwitch(input);
      if (JSON.stringify(value) === input.dataset.initial) continue;
      options[input.dataset.name] = value;
    }
    const seats = [...seatsBody.querySelectorAll("tr")].map((tr) => {
      const kind = tr.querySelector(".player").value;
      const model = tr.querySelector(".model").value.trim();
      return {
        player: kind === "human" || !model ? kind : `${kind}:${model}`,
        name: tr.querySelector(".name").value.trim() || null,
        persona: tr.querySelector(".persona").value.trim() || null,
      };
    });
    return {
      variant: rulesetSel.value,
      language: langSel.value,
      seats,
      seed: seed.value === "" ? null : Number(seed.value),
      options,
      time_limit: timeLimit.value === "" ? null : Number(timeLimit.value),
      on_timeout: onTimeout.value,
      speech_limit: Number(speechLimit.value) || 600,
      pace: Number(pace.value) || 0,
    };
  }

  function absolute(path, base) {
    return (base || location.origin) + path;
  }
  function link(url) {
    return el("a", { href: url, target: "_blank", rel: "noreferrer" }, url);
  }
  function copyButton(url) {
    const button = el("button", { type: "button", class: "copy" }, h.copy || "Copy");
    button.addEventListener("click", async () => {
      let done = false;
      try {
        if (navigator.clipboard && window.isSecureContext) { await navigator.clipboard.writeText(url); done = true; }
      } catch (e) { done = false; }
      if (!done) {  // plain http on the LAN: no clipboard API, copy from a selected field
        const box = el("textarea", { readonly: "", class: "copy-source" });
        box.value = url;
        document.body.appendChild(box);
        box.select();
        try { done = document.execCommand("copy"); } catch (e) { done = false; }
        box.remove();
      }
      button.textContent = done ? (h.copied || "Copied") : (h.copy_failed || "Select and copy the link");
      button.dataset.copied = String(done);
    });
    return button;
  }

  function renderTable(table) {
    result.hidden = false;
    result.replaceChildren(el("h2", {}, h.links));
    if (table.reachable === false) result.appendChild(el("p", { class: "error", id: "local-only" }, h.local_only || ""));
    const list = el("ul", { id: "links", class: "seat-links" });
    for (const s of table.seats) {
      const li = el("li", { "data-seat": String(s.seat), class: s.human ? "human" : "ai" });
      const kind = s.player.split(":")[0];
      const played = s.human ? h.human : names("player_kinds", kind) + (s.player.includes(":") ? ` (${s.player.slice(kind.length + 1)})` : "");
      li.appendChild(el("div", { class: "who" }, `${s.seat}. ${s.name} — ${played}`));
      if (s.fallbacks) li.appendChild(el("span", { class: "note fallback", title: h.fallbacks }, `⚕ ${h.fallbacks}: ${s.fallbacks}`));
      if (s.link) {
        const url = s.url || absolute(s.link, table.base);
        li.appendChild(link(url));
        const row = el("div", { class: "link-tools" });
        row.appendChild(copyButton(url));
        row.appendChild(el("span", { class: "note connected" }, s.connected ? h.connected : h.not_connected));
        li.appendChild(row);
        if (s.qr) li.appendChild(el("img", { class: "qr", src: s.qr, alt: `QR ${s.seat}. ${s.name}`, width: "164", height: "164" }));
      }
      list.appendChild(li);
    }
    const spectator = el("li", { class: "public" }, `${h.spectator_link}: `);
    spectator.appendChild(link(absolute(table.watch, table.base)));
    const screen = el("li", { class: "public" }, `${h.screen_link}: `);
    screen.appendChild(link(absolute(table.screen, table.base)));
    list.append(spectator, screen);
    result.appendChild(list);
    result.appendChild(el("p", { id: "table-status" }, (h.status || "{status}").replace("{status}", names("statuses", table.status)) + (table.error ? ` — ${table.error}` : "")));
    if (table.end) result.appendChild(endScreen(table));
    if (table.status === "over" || table.status === "failed") {
      const again = el("button", { type: "button", id: "again" }, h.play_again);
      again.addEventListener("click", async () => {
        try { follow(await api("POST", `/api/host/tables/${table.id}/again`)); } catch (e) { message.textContent = e.message; }
      });
      result.append(again, el("p", { class: "note" }, h.rematch_note));
    }
    if (table.status === "waiting") {
      const start = el("button", { type: "button", id: "start" }, h.start);
      start.addEventListener("click", async () => {
        try { renderTable(await api("POST", `/api/host/tables/${table.id}/start`)); } catch (e) { message.textContent = e.message; }
      });
      result.appendChild(start);
    }
  }

  function endScreen(table) {
    const box = el("section", { id: "end", class: "end" });
    box.appendChild(el("h2", {}, h.end_title));
    box.appendChild(el("p", { id: "winner", class: "winner" }, table.end.winner));
    const grid = el("table", { id: "reveal", class: "seats" });
    const head = el("tr");
    for (const key of ["seat_number", "seat_name", "role", "side", "result"]) head.appendChild(el("th", { scope: "col" }, h[key]));
    grid.appendChild(el("thead")).appendChild(head);
    const rows = el("tbody");
    for (const s of table.end.reveal) {
      const tr = el("tr", { class: s.winner ? "won" : "lost", "data-seat": String(s.seat) });
      for (const text of [String(s.seat), s.name, s.role, s.side, s.result || (s.winner ? h.won : h.lost)]) tr.appendChild(el("td", {}, text));
      rows.appendChild(tr);
    }
    grid.appendChild(rows);
    box.appendChild(el("h3", {}, h.reveal));
    box.appendChild(grid);
    if (table.transcript) {
      box.appendChild(el("a", { id: "transcript", href: `/host/tables/${table.id}/transcript?token=${encodeURIComponent(token)}`, target: "_blank", rel: "noreferrer" }, h.transcript));
    }
    return box;
  }

  let polling = null;
  let shown = "";
  function follow(table) {
    shown = JSON.stringify(table);
    renderTable(table);
    if (polling) clearInterval(polling);
    polling = setInterval(async () => {
      try {
        const fresh = await api("GET", `/api/host/tables/${table.id}`);
        const text = JSON.stringify(fresh);
        if (text !== shown) { shown = text; renderTable(fresh); }  // unchanged: keep the page (and "Copied") as it is
      } catch (e) { /* keep the last state */ }
    }, 2000);
  }
  createButton.addEventListener("click", async () => {
    message.textContent = "";
    try {
      follow(await api("POST", "/api/host/tables", collect()));
    } catch (e) {
      message.textContent = e.message;
    }
  });

  rulesetSel.addEventListener("change", renderRuleset);
  players.addEventListener("change", renderSeats);
  api("GET", `/api/host/rulesets?lang=${encodeURIComponent(pageLang)}`).then((data) => {
    catalog = data;
    rulesetSel.replaceChildren(...data.rulesets.map((r) => el("option", { value: r.id }, names("ruleset_names", r.id))));
    renderRuleset();
  }).catch((e) => { message.textContent = e.message; });
})();
