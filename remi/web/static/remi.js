// remi's pages: the tap keyboard, the hand form's live check, the live sheet and the photo's
// corrections. Plain JavaScript shipped with the package: no framework, no CDN, no build step.
// The server stays the judge of every tile and every score; this only draws and sends.
"use strict";

// The words the script writes, in the page's language (base.html's data-words; remi.i18n).
const WORDS = JSON.parse(document.body.dataset.words || "{}");
const said = (key, n) => (WORDS[key] || key).replace("{n}", n);
// A count in words: the page gives the forms for 1, 2 and 20; the catalogue's plural rule picks.
const PLURAL = { ro: n => n === 1 ? 0 : (n === 0 || (n % 100 > 0 && n % 100 < 20)) ? 1 : 2, fr: n => n > 1 ? 1 : 0 };
const counted = (forms, n) => forms.split("|")[(PLURAL[document.documentElement.lang] || (k => k === 1 ? 0 : 1))(n)].replace("{n}", n);

const COLOURS = "kbry", SUITS = "schd", SUIT_SYMBOL = "♠♣♥♦";
const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
const JOKERS = new Set(["*", "jk", "j*", "joker", "jkr"]);

// One token as {colour, number} (the joker: colour -1), or null when it is not a tile or card.
function parseTile(tok) {
  const t = tok.trim().toLowerCase();
  if (JOKERS.has(t)) return { colour: -1, number: 0 };
  let m = /^([kbryo])(1[0-3]|[1-9])$/.exec(t);
  if (m) return { colour: COLOURS.indexOf(m[1] === "o" ? "y" : m[1]), number: +m[2] };
  m = /^(10|[2-9]|[ajqk1])([schd♠♣♥♦])$/.exec(t);
  if (m) {
    const r = { a: 1, "1": 1, j: 11, q: 12, k: 13 }[m[1]] || +m[1];
    const s = SUITS.indexOf(m[2]) >= 0 ? SUITS.indexOf(m[2]) : SUIT_SYMBOL.indexOf(m[2]);
    return { colour: s, number: r };
  }
  return null;
}

function tokens(text) { return text.split(/[\s,;·|/]+/).filter(Boolean); }

function chipFor(tok, notation) {
  const el = document.createElement("span");
  const tile = parseTile(tok);
  if (!tile) { el.className = "bad-token"; el.textContent = tok; return el; }
  el.className = "t " + (tile.colour < 0 ? "j" : "c" + tile.colour);
  if (tile.colour < 0) el.textContent = "☺";
  else if (notation === "card") { el.textContent = RANKS[tile.number - 1]; const s = document.createElement("small"); s.textContent = SUIT_SYMBOL[tile.colour]; el.appendChild(s); }
  else el.textContent = String(tile.number);
  el.title = tok;
  return el;
}

// -- trays and the keyboard -------------------------------------------------------------
let active = null;          // the tray the keyboard types into
let photoPick = null;       // or: the photo's box being corrected (its index)
let adding = false;         // or: tiles the photo's reader missed, added one per key
const keys = () => document.getElementById("keys");

function renderTray(tray) {
  const input = tray.querySelector("input.tiles-text"), box = tray.querySelector(".chips");
  const toks = tokens(input.value), max = +tray.dataset.max;
  box.replaceChildren(...toks.map((tok, i) => { const c = chipFor(tok, tray.dataset.notation); c.dataset.i = i; return c; }));
  const count = tray.querySelector(".count");
  if (max > 1) { count.textContent = toks.length + "/" + max; count.classList.toggle("full", toks.length === max); }
}

function setTray(tray, toks) {
  const input = tray.querySelector("input.tiles-text");
  input.value = toks.join(" ");
  renderTray(tray);
  input.dispatchEvent(new Event("input", { bubbles: true }));
}

function activate(tray) {
  if (active) active.classList.remove("active");
  clearPick();
  active = tray;
  if (tray) { tray.classList.add("active"); keys().hidden = false; } else if (keys()) keys().hidden = true;
  mirrorStatus();
}

// The docked keyboard covers the lower part of the screen, the field's live check with it:
// the check of the field being typed is repeated at the top of the keyboard.
function mirrorStatus() {
  const kb = keys(), line = kb && kb.querySelector("[data-keystatus]");
  if (!line) return;
  const sec = active && active.closest("section"), st = sec && sec.querySelector(".status");
  line.textContent = st ? st.textContent : "";
  line.className = "keystatus" + (st && st.classList.contains("ok") ? " ok" : st && st.classList.contains("bad") ? " bad" : "");
  line.hidden = !line.textContent;
}

function press(code) {
  if (adding) return addTile(code);
  if (photoPick !== null) return correctTile(code);
  if (!active) return;
  const toks = tokens(active.querySelector("input.tiles-text").value), max = +active.dataset.max;
  if (max === 1) { setTray(active, [code]); return; }
  if (toks.length >= max) return;
  toks.push(code);
  setTray(active, toks);
}

function initTrays() {
  document.querySelectorAll(".tray").forEach(tray => {
    renderTray(tray);
    tray.querySelector(".chips").addEventListener("click", ev => {
      const chip = ev.target.closest("[data-i]");
      if (chip && active === tray) {
        const toks = tokens(tray.querySelector("input.tiles-text").value);
        toks.splice(+chip.dataset.i, 1);
        setTray(tray, toks);
      } else activate(tray);
    });
    tray.querySelector("input.tiles-text").addEventListener("input", () => renderTray(tray));
  });
  const kb = keys();
  if (!kb) return;
  kb.addEventListener("click", ev => {
    const b = ev.target.closest("button");
    if (!b) return;
    if (b.dataset.tile) press(b.dataset.tile);
    else if ("drop" in b.dataset) correctTile("-");
    else if ("backspace" in b.dataset && active) { const t = tokens(active.querySelector("input.tiles-text").value); t.pop(); setTray(active, t); }
    else if ("clear" in b.dataset && active) setTray(active, []);
    else if ("done" in b.dataset) activate(null);
  });
}

// -- the hand form: modes, the closer, the engine's check as you go, a draft kept -----------
// Every form the engine checks as you go: the hand, and each part of the hand in progress.
function initHand() { document.querySelectorAll("form[data-check]").forEach(initChecked); }

function initChecked(form) {
  const draftKey = form.dataset.draft;
  if (draftKey) restoreDraft(form, draftKey);
  const update = () => {
    form.querySelectorAll("section").forEach(sec => {
      const mode = sec.querySelector("input[type=radio][name$=_mode]:checked, input[type=radio][name^=rack_mode]:checked");
      sec.querySelectorAll("[data-mode]").forEach(d => { d.hidden = mode ? d.dataset.mode !== mode.value : false; });
    });
    const closer = form.querySelector("input[name=closer]:checked");
    const who = closer ? closer.value : "";
    form.querySelectorAll("section.rack").forEach(sec => { sec.hidden = who !== "" && sec.dataset.seat === who; });
    form.querySelectorAll("[data-when=closer]").forEach(sec => { sec.hidden = who === "-"; });
    form.querySelectorAll(".tray").forEach(renderTray);
  };
  let timer = null, seq = 0;
  const check = () => {
    clearTimeout(timer);
    timer = setTimeout(async () => {
      const mine = ++seq;
      try {
        const r = await fetch(form.dataset.check, { method: "POST", body: new FormData(form), headers: { Accept: "application/json" } });
        const data = await r.json();
        if (mine === seq) showCheck(form, data);
      } catch (e) { if (mine === seq) setTimeout(check, 1000); /* offline for a moment: ask again */ }
    }, 180);
  };
  // The draft is saved at once (not after the check's pause): a tap on "photo" leaves the page.
  const changed = () => { if (draftKey) saveDraft(form, draftKey); update(); check(); };
  form.addEventListener("input", changed);
  form.addEventListener("change", changed);
  if (draftKey) window.addEventListener("pagehide", () => saveDraft(form, draftKey));
  update();
  check();
}

function showCheck(form, data) {
  const put = (el, st) => { if (!el) return; el.textContent = st ? st.text : ""; el.className = "status" + (st ? (st.ok ? " ok" : " bad") : ""); };
  put(form.querySelector("[data-status=board]"), data.board);
  form.querySelectorAll("[data-status^=rack-]").forEach(el => put(el, data.racks[el.dataset.status.slice(5)]));
  mirrorStatus();
  const box = form.querySelector("[data-summary]");
  if (!box) return;  // a part of the hand in progress: its fields' statuses only
  box.replaceChildren();
  box.className = "summary " + (data.ok ? "ok" : "bad");
  if (data.ok) {
    const s = data.summary, p = document.createElement("p");
    p.append(said("hand", s.number) + " ");
    s.parts.forEach((part, i) => { const b = document.createElement("b"); b.className = part.tone; b.textContent = part.score + part.badges; p.append((i ? ", " : "") + part.name + " ", b); });
    const t = document.createElement("p"); t.className = "muted";
    t.textContent = said("totals") + " " + Object.entries(s.totals).map(([k, v]) => k + " " + v).join(", ");
    box.append(p, t);
  } else if (data.error) { const p = document.createElement("p"); p.textContent = data.error; box.append(p); }
}

function saveDraft(form, key) {
  const data = {};
  new FormData(form).forEach((v, k) => { if (k !== "csrf" && typeof v === "string") data[k] = v; });
  try { sessionStorage.setItem(key, JSON.stringify(data)); } catch (e) { /* private mode: no draft */ }
}

// The draft fills what the server left empty (a photo's tiles come in the address and win).
function restoreDraft(form, key) {
  let data = null;
  try { data = JSON.parse(sessionStorage.getItem(key) || "null"); } catch (e) { data = null; }
  if (!data) return;
  const given = new Set(new URLSearchParams(location.search).keys());
  for (const [k, v] of Object.entries(data)) {
    const els = form.querySelectorAll(`[name="${CSS.escape(k)}"]`);
    els.forEach(el => {
      // A mode whose tiles came in the address (a photo's) stays as the server set it.
      const owner = k === "board_mode" ? "board" : k.startsWith("rack_mode_") ? "rack_" + k.slice(10) : k;
      if (el.type === "radio") { if (!given.has(k) && !given.has(owner)) el.checked = el.value === v; }
      else if (el.type === "checkbox") el.checked = v === el.value;
      else if (!given.has(k) && (el.value === "" || el.defaultValue === el.value)) el.value = v;
    });
  }
}

// -- the live sheet: ask every second whether the game changed; if so, redraw it -------------
function initLive() {
  const sec = document.querySelector("[data-live]");
  if (!sec) return;
  let version = sec.dataset.version;
  const tick = async () => {
    try {
      const r = await fetch(sec.dataset.versionUrl, { headers: { Accept: "application/json" }, cache: "no-store" });
      const v = String((await r.json()).version);
      if (v !== version) {
        const part = await fetch(sec.dataset.live, { cache: "no-store" });
        if (part.ok) {
          sec.innerHTML = await part.text();
          version = v;
          sec.dataset.version = v;
          const img = document.querySelector("[data-plot]");
          if (img) img.src = img.src.replace(/\?v=.*$/, "") + "?v=" + v;
          showUndo(sec);
        }
      }
    } catch (e) { /* the server restarts or the phone sleeps: try again */ }
    setTimeout(tick, document.hidden ? 3000 : 1000);
  };
  setTimeout(tick, 1000);
}

// "Undo" names what it takes back, as the sheet now stands (the part says it: data-undo).
function showUndo(sec) {
  const form = document.querySelector("[data-undo-form]"), part = sec.querySelector("[data-undo]");
  if (!form || !part) return;
  const what = part.dataset.undo;
  form.hidden = !what;
  form.dataset.confirm = "Undo " + what + "?";
  form.querySelector("button").textContent = "Undo " + what;
}

// -- the photo: tap a box or a tile, then the right tile (or "not a tile") ------------------
function photoTiles() { const el = document.querySelector("[data-tiles]"); return el ? el.value.split(" ") : []; }

function clearPick() {
  photoPick = null;
  adding = false;
  document.querySelectorAll(".sel").forEach(e => e.classList.remove("sel"));
}

function pick(i) {
  if (active) { active.classList.remove("active"); active = null; }
  clearPick();
  photoPick = i;
  document.querySelectorAll(`[data-index="${i}"]`).forEach(e => e.classList.add("sel"));
  // The reader's runner-up kinds for this tile, first on the keyboard.
  const alts = keys().querySelector("[data-alts]"), li = document.querySelector(`li[data-index="${i}"]`);
  if (alts) {
    const codes = tokens(li && li.dataset.alts ? li.dataset.alts : "");
    alts.replaceChildren(...codes.map(code => {
      const b = document.createElement("button");
      b.type = "button"; b.className = "key"; b.dataset.tile = code; b.setAttribute("aria-label", "maybe " + code);
      b.append(chipFor(code, keys().dataset.notation));
      return b;
    }));
    alts.hidden = codes.length === 0;
  }
  keys().hidden = false;
}

function correctTile(code) {
  if (photoPick === null) return;
  const input = document.querySelector("[data-tiles]"), toks = photoTiles(), i = photoPick;
  toks[i] = code;
  input.value = toks.join(" ");
  const li = document.querySelector(`li[data-index="${i}"]`), g = document.querySelector(`g[data-index="${i}"]`);
  const slot = li.querySelector(".tile-slot");
  slot.replaceChildren(code === "-" ? chipFor("*", "tile") : chipFor(code, keys().dataset.notation));
  if (code === "-") slot.firstChild.textContent = "✕";
  for (const el of [li, g]) { el.classList.remove("low"); el.classList.toggle("dropped", code === "-"); el.classList.toggle("fixed", code !== "-"); }
  const n = document.querySelectorAll("li[data-index]").length;
  recount();
  if (i + 1 < n && li.nextElementSibling && li.nextElementSibling.classList.contains("low")) pick(i + 1);
  else { clearPick(); keys().hidden = true; }
}

// A tile the reader missed (remi scan --fix +=k5): the keyboard adds it; a tap takes it out.
function addedTiles() { const el = document.querySelector("[data-added]"); return el ? tokens(el.value) : []; }

function renderAdded() {
  const list = document.querySelector("[data-addedlist]");
  if (!list) return;
  list.replaceChildren(...addedTiles().map((code, i) => {
    const li = document.createElement("li"), b = document.createElement("button"), n = document.createElement("span"), slot = document.createElement("span");
    b.type = "button"; b.setAttribute("aria-label", (document.querySelector("[data-addedlist]").dataset.label || "{t}").replace("{t}", code));
    n.className = "n"; n.textContent = "+"; slot.className = "tile-slot"; slot.append(chipFor(code, keys().dataset.notation));
    b.append(n, slot); li.dataset.addedIndex = i; li.className = "fixed"; li.append(b);
    return li;
  }));
  recount();
}

function setAdded(codes) { document.querySelector("[data-added]").value = codes.join(" "); renderAdded(); }

function addTile(code) { if (code !== "-") setAdded([...addedTiles(), code]); }

function recount() {
  const el = document.querySelector("[data-count]");
  if (el) el.textContent = counted(el.dataset.forms, photoTiles().filter(t => t && t !== "-").length + addedTiles().length);
}

function initPhoto() {
  document.querySelectorAll("[data-readlist] li, g[data-index]").forEach(el =>
    el.addEventListener("click", () => pick(+el.dataset.index)));
  const add = document.querySelector("[data-add]"), list = document.querySelector("[data-addedlist]");
  if (add) add.addEventListener("click", () => {
    if (active) { active.classList.remove("active"); active = null; }
    clearPick();
    adding = true;
    add.classList.add("sel");
    const alts = keys().querySelector("[data-alts]");
    if (alts) alts.hidden = true;
    keys().hidden = false;
  });
  if (list) list.addEventListener("click", ev => {
    const li = ev.target.closest("[data-added-index]");
    if (li) { const codes = addedTiles(); codes.splice(+li.dataset.addedIndex, 1); setAdded(codes); }
  });
  document.querySelectorAll("[data-upload] input[type=file]").forEach(input =>
    input.addEventListener("change", () => {
      if (!input.files.length) return;
      const form = input.form;
      form.querySelector(".busy").hidden = false;
      form.querySelectorAll("input[type=file]").forEach(o => { if (o !== input) o.disabled = true; });
      form.submit();
    }));
}

// -- the photo's zoom: at 360 px a crowded rack's boxes are too small to tap (issue 39) ------
// The photo and its boxes scale together inside a frame that scrolls: the button (or a
// double tap) steps through x1, x2, x3; two fingers pinch from x1 to x4. The point under the
// fingers (or the frame's middle) stays where it was.
const ZOOMS = [1, 2, 3], MAX_ZOOM = 4;

function initZoom() {
  const shot = document.querySelector("[data-shot]");
  if (!shot) return;
  const view = document.createElement("div"), inner = document.createElement("div"), button = document.createElement("button");
  view.className = "shot-view"; inner.className = "shot-inner";
  button.type = "button"; button.className = "zoom"; button.dataset.zoom = "";
  inner.append(...shot.childNodes);
  view.append(inner);
  shot.append(view, button);
  let level = 1;
  const zoom = (z, x, y) => {  // x, y: the point to keep, in the frame's pixels
    const fx = (view.scrollLeft + x) / inner.offsetWidth, fy = (view.scrollTop + y) / inner.offsetHeight;
    level = Math.min(MAX_ZOOM, Math.max(1, z));
    inner.style.width = (level * 100) + "%";
    shot.classList.toggle("zoomed", level > 1);
    view.scrollLeft = fx * inner.offsetWidth - x;
    view.scrollTop = fy * inner.offsetHeight - y;
    const next = ZOOMS.find(n => n > level + 0.01);
    button.textContent = next ? "+" : "\u2212";
    button.setAttribute("aria-label", next ? said("zoom", next) : said("whole"));
    shot.dataset.zoomLevel = level.toFixed(2);
  };
  const step = (x, y) => zoom(ZOOMS.find(n => n > level + 0.01) || 1, x, y);
  button.addEventListener("click", () => step(view.clientWidth / 2, view.clientHeight / 2));
  view.addEventListener("dblclick", ev => {
    const r = view.getBoundingClientRect();
    ev.preventDefault();
    step(ev.clientX - r.left, ev.clientY - r.top);
  });
  pinchOn(view, () => level, zoom);
  zoom(1, 0, 0);
}

// Two fingers on the frame: the zoom follows the distance between them.
function pinchOn(view, current, zoom) {
  const touches = new Map();
  let start = null;
  const spread = () => { const [a, b] = [...touches.values()]; return Math.hypot(a.x - b.x, a.y - b.y); };
  view.addEventListener("pointerdown", ev => {
    if (ev.pointerType !== "touch") return;
    touches.set(ev.pointerId, {x: ev.clientX, y: ev.clientY});
    if (touches.size === 2) start = {d: spread(), z: current()};
  });
  view.addEventListener("pointermove", ev => {
    if (!touches.has(ev.pointerId)) return;
    touches.set(ev.pointerId, {x: ev.clientX, y: ev.clientY});
    if (touches.size !== 2 || !start || start.d < 10) return;
    const [a, b] = [...touches.values()], r = view.getBoundingClientRect();
    zoom(start.z * spread() / start.d, (a.x + b.x) / 2 - r.left, (a.y + b.y) / 2 - r.top);
  });
  const lift = ev => { touches.delete(ev.pointerId); if (touches.size < 2) start = null; };
  for (const type of ["pointerup", "pointercancel", "pointerleave"]) view.addEventListener(type, lift);
}

// -- small things: confirmations, the tutor's variant, "change it" ---------------------------
function initSmall() {
  document.querySelectorAll("form[data-confirm]").forEach(f =>
    f.addEventListener("submit", ev => { if (!confirm(f.dataset.confirm)) ev.preventDefault(); }));
  document.querySelectorAll("input[data-reload]").forEach(r =>
    r.addEventListener("change", () => { location.href = "/tutor?variant=" + encodeURIComponent(r.value); }));
  document.querySelectorAll("[data-back]").forEach(b =>
    b.addEventListener("click", ev => { if (history.length > 1) { ev.preventDefault(); history.back(); } }));
  const newGame = document.querySelector('form[action="/new"]');
  if (newGame) {  // a target is for Closed Rummy only
    const show = () => { const v = newGame.querySelector("input[name=variant]:checked");
      newGame.querySelectorAll(".closed-only").forEach(el => { el.hidden = v && v.value !== "closed"; }); };
    newGame.addEventListener("change", show);
    show();
    const points = newGame.querySelector("input[name=target_mode][value=points]"), target = newGame.querySelector("input[name=target]");
    if (points && target) target.addEventListener("input", () => { points.checked = true; });  // typing a target chooses one
  }
  const rec = document.getElementById("record");
  if (rec) rec.addEventListener("submit", () => {
    Object.keys(sessionStorage).filter(k => k.startsWith("remi-hand-")).forEach(k => sessionStorage.removeItem(k));
  });
}

document.addEventListener("DOMContentLoaded", () => { initTrays(); initHand(); initLive(); initPhoto(); initZoom(); initSmall(); });
