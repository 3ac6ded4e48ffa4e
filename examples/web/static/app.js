// The page of the reference web app: a lobby, or one match seen by a seat or a spectator.
// No build step, no library: the server sends the view, the events and the SVG picture.
"use strict";

// The SVG hooks that may stand for a part of a move, most specific first.
const HOOKS = ["data-vertex", "data-piece", "data-year", "data-seat", "data-bowl", "data-die", "data-card",
               "data-offer", "data-track", "data-pile", "data-objective"];
const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);

function seatParam() {
  const text = params.get("seat");
  return text === null || text === "" ? null : Number(text);
}

// ---------------------------------------------------------------- lobby

async function showLobby() {
  $("lobby").classList.remove("hidden");
  $("create").addEventListener("submit", async (event) => {
    event.preventDefault();
    const form = new FormData(event.target);
    const request = { game: form.get("game") };
    if (form.get("seats")) request.seats = Number(form.get("seats"));
    if (form.get("undo")) request.undo = "own_last";
    try {
      if (form.get("options")) request.options = JSON.parse(form.get("options"));
    } catch (error) {
      alert("The options are not JSON: " + error.message);
      return;
    }
    const answer = await fetch("/api/matches", { method: "POST", body: JSON.stringify(request) });
    const body = await answer.json();
    if (!answer.ok) alert(body.code + ": " + body.message);
    listMatches();
  });
  listMatches();
}

async function listMatches() {
  const rooms = await (await fetch("/api/matches")).json();
  const table = $("matches");
  table.replaceChildren();
  for (const room of rooms) {
    const row = table.insertRow();
    row.insertCell().textContent = room.id;
    row.insertCell().textContent = room.game;
    row.insertCell().textContent = room.status + " (version " + room.version + ")";
    const links = row.insertCell();
    for (const seat of room.seats) {
      const link = document.createElement("a");
      link.href = `/?match=${encodeURIComponent(room.id)}&seat=${seat.seat}`;
      link.textContent = seat.taken ? `${seat.name} (taken)` : `play ${seat.name}`;
      link.className = "seat-link";
      links.append(link, " ");
    }
    const watch = document.createElement("a");
    watch.href = `/?match=${encodeURIComponent(room.id)}`;
    watch.textContent = "watch";
    links.append(watch);
  }
}

// ---------------------------------------------------------------- one match

const table = {
  match: params.get("match"),
  seat: seatParam(),
  cursor: 0,
  view: null,
  picked: [],      // the hook values clicked so far, narrowing the legal moves
  socket: null,
  retry: 500,
};
const tokenKey = () => `tabletop:${table.match}:${table.seat}`;

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/ws`);
  table.socket = socket;
  socket.onopen = () => {
    table.retry = 500;
    const join = { type: "join", match: table.match, seat: table.seat, cursor: table.cursor };
    const token = table.seat === null ? null : localStorage.getItem(tokenKey());
    if (token) join.token = token;
    socket.send(JSON.stringify(join));
  };
  socket.onmessage = (event) => receive(JSON.parse(event.data));
  socket.onclose = () => {   // resume from the cursor: no event is shown twice or lost
    $("status").textContent = "disconnected: reconnecting...";
    setTimeout(connect, table.retry);
    table.retry = Math.min(table.retry * 2, 8000);
  };
}

function send(request) {
  $("error").textContent = "";
  table.socket.send(JSON.stringify(request));
}

function receive(message) {
  if (message.type === "joined") {
    if (message.token) localStorage.setItem(tokenKey(), message.token);
    const name = table.seat === null ? "spectator" : message.seats[table.seat].name;
    $("who").textContent = `${message.game} ${message.match}: ${name}`;
  } else if (message.type === "update") {
    table.cursor = message.cursor;
    table.view = message.view;
    table.picked = [];
    showEvents(message.events);
    showBoard(message.svg);
    showView();
  } else if (message.type === "error") {
    $("error").textContent = `${message.code}: ${message.message}`;
    if (message.code === "invalid_token" || message.code === "seat_taken") table.socket.onclose = null;
  }
}

function seatName(seat) {
  return seat === null ? "chance" : table.view ? table.view.seats[seat].name : `P${seat}`;
}

function showEvents(events) {
  const log = $("log");
  for (const event of events) {
    const who = event.kind === "chance" ? "chance" : seatName(event.seat);
    const what = event.kind === "undo" ? "takes back the last move"
               : event.kind === "resign" ? "resigns"
               : event.label !== null ? event.label : "(hidden)";
    const n = event.index + 1;
    if (event.kind !== "undo" && event.kind !== "resign" && event.label === null) {
      // hidden from this viewer: show only what the game's history tells it (Chrononauts)
      if (event.lines.length) log.append(`${n}. ${event.lines.join("\n    ")}\n`);
      else if (event.kind !== "chance") log.append(`${n}. ${who}: (hidden)\n`);
      continue;
    }
    const lines = event.lines.length ? "\n    " + event.lines.join("\n    ") : "";
    log.append(`${n}. ${who}: ${what}${lines}\n`);
  }
  log.scrollTop = log.scrollHeight;
}

function showBoard(svg) {
  const board = $("board");
  board.innerHTML = svg;   // the library's own picture
  for (const element of board.querySelectorAll(HOOKS.map((h) => `[${h}]`).join(","))) {
    element.dataset.hook = hookValue(element);
  }
}

function hookValue(element) {
  for (const hook of HOOKS) if (element.hasAttribute(hook)) return element.getAttribute(hook);
  return "";
}

// The words of a move: its JSON's values and its label's, lower case ("H3", "leviathan", "1865").
function moveWords(move) {
  const words = new Set(move.label.toLowerCase().split(/[^a-z0-9-]+/).filter(Boolean));
  const walk = (value) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === "object") Object.values(value).forEach(walk);
    else if (value !== null) words.add(String(value).toLowerCase());
  };
  walk(move.move);
  return words;
}

function uses(move, value) {
  const words = moveWords(move);
  const parts = value.toLowerCase().split("/");
  return parts.every((part) => words.has(part));
}

function matching() {
  const legal = table.view ? table.view.legal : [];
  return legal.filter((move) => table.picked.every((value) => uses(move, value)));
}

function showView() {
  const view = table.view;
  const status = $("status");
  const mine = table.seat !== null && view.to_act === table.seat;
  if (view.status === "over") {
    const outcome = view.outcome;
    status.textContent = outcome.end === "resigned" ? `over: ${seatName(outcome.resigned)} resigned`
                       : `over: returns ${JSON.stringify(outcome.returns)}`;
  } else {
    status.textContent = mine ? "your turn" : `${seatName(view.to_act)} to act`;
  }
  status.className = mine ? "turn" : "";
  status.dataset.version = view.version;
  $("undo").classList.toggle("hidden", !view.can_undo);
  $("resign").classList.toggle("hidden", table.seat === null || view.status === "over");
  showMoves();
}

function showMoves() {
  const moves = $("moves");
  const chosen = matching();
  moves.replaceChildren();
  for (const move of table.view.legal) {
    const button = document.createElement("button");
    button.textContent = move.label;
    button.className = "move" + (table.picked.length && chosen.includes(move) ? " match" : "");
    button.onclick = () => play(move);
    moves.append(button);
  }
  if (!table.view.legal.length) moves.textContent = table.seat === null ? "(watching)" : "(none now)";
  // the parts of the picture a legal move uses, and the ones picked so far
  for (const element of $("board").querySelectorAll("[data-hook]")) {
    const value = element.dataset.hook;
    element.classList.toggle("hl", chosen.some((move) => uses(move, value)));
    element.classList.toggle("picked", table.picked.includes(value));
  }
}

function play(move) {
  send({ type: "move", version: table.view.version, move: move.move });
}

function pick(value) {
  table.picked.push(value);
  if (matching().length === 0) table.picked = [value];
  const chosen = matching();
  if (chosen.length === 0) {
    table.picked = [];
    $("error").textContent = `no legal move uses ${value}`;
  } else if (chosen.length === 1) {
    play(chosen[0]);
    table.picked = [];
  }
  showMoves();
}

function showTable() {
  $("table").classList.remove("hidden");
  $("board").addEventListener("click", (event) => {
    const element = event.target.closest("[data-hook]");
    if (element && table.view && table.view.legal.length) pick(element.dataset.hook);
  });
  $("undo").onclick = () => send({ type: "undo", version: table.view.version });
  $("resign").onclick = () => {
    if (confirm("Resign this match?")) send({ type: "resign", version: table.view.version });
  };
  connect();
}

if (table.match) showTable(); else showLobby();
