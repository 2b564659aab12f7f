// Ordo's web table: the lobby (/), the table (/m/{id}, a seat's token in
// the fragment) and the replay (/m/{id}/replay). It talks only to the
// ordo serve API and shows only what that API gives this viewer: the
// seat's observation, menu, log and odds. Text from the server is always
// set as text, never parsed as HTML.
'use strict';

const SEAT_COLOURS = ['blue', 'red'];
const ZOC = 8; // Zone of Control, inches (Zone of Control (N4))
// Base diameters by Silhouette, inches (Silhouette (N4); geom.DefaultSilhouettes).
const BASES = [0, 0.984, 0.984, 1.575, 2.165, 1.575, 1.575, 2.165, 2.756];

// ---------- small DOM helpers ----------

function h(tag, attrs, ...kids) {
  const el = document.createElement(tag);
  setAttrs(el, attrs);
  append(el, kids);
  return el;
}
function s(tag, attrs, ...kids) {
  const el = document.createElementNS('http://www.w3.org/2000/svg', tag);
  setAttrs(el, attrs);
  append(el, kids);
  return el;
}
function setAttrs(el, attrs) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on')) el.addEventListener(k.slice(2), v);
    else if (k === 'text') el.textContent = v;
    else el.setAttribute(k, v === true ? '' : String(v));
  }
}
function append(el, kids) {
  for (const k of kids.flat(Infinity)) {
    if (k === null || k === undefined || k === false) continue;
    el.append(k instanceof Node ? k : document.createTextNode(String(k)));
  }
}
// put replaces el's children, skipping null ones.
function put(el, ...kids) { clear(el); append(el, kids); return el; }
function clear(el) { while (el.firstChild) el.firstChild.remove(); return el; }
const pct = p => (100 * p).toFixed(p > 0.9995 || p < 0.0005 ? 0 : 1) + '%';
const num = x => (Math.round(x * 100) / 100).toString();
// Seats are coloured by their place in the match (the first seat blue,
// the second vermillion, whatever the scenario calls them).
let SEAT_ORDER = [];
function seatIndex(seat, seats) {
  const i = (seats || SEAT_ORDER).indexOf(seat);
  return i >= 0 ? i : SEAT_COLOURS.indexOf(seat);
}
const seatClass = seat => 'seat-c' + (seatIndex(seat) < 0 ? 'x' : seatIndex(seat) % 4);
function seatColour(seat, seats) {
  const i = seatIndex(seat, seats);
  return ['#0072b2', '#d55e00', '#009e73', '#cc79a7'][i < 0 ? 3 : i % 4];
}

// ---------- the API ----------

class APIError extends Error {
  constructor(status, body) {
    super(CODE_WORDS[body && body.code] || (body && body.message ? body.message : 'HTTP ' + status));
    this.status = status; this.code = body && body.code; this.rule = body && body.rule; this.seq = body && body.seq;
    this.problems = (body && body.problems) || [];
  }
}
// CODE_WORDS say in words what some refusals mean to a player, where the
// server's message is written for a program.
const CODE_WORDS = {
  'awaiting-armies': 'This match has not started: it waits for both army lists. Each player sends their own from their seat\'s link.',
  'armies-closed': 'Both army lists are in and the game has started: a list can no longer be sent or changed.',
};

// refusalText says an army list's refusal in words: each problem where it
// is (line and column of the list) and the rule that refuses it.
function refusalText(r) {
  const ps = (r && r.problems) || [];
  if (!ps.length) return [h('p', { class: 'err', text: r.message })];
  return [h('p', { class: 'err', text: ps.length === 1 ? 'The list is refused:' : 'The list is refused, for ' + ps.length + ' reasons:' }),
    h('ul', { class: 'problems' }, ps.map(p => h('li', { 'data-problem-line': p.line || 0 },
      p.line ? h('b', { text: 'line ' + p.line + (p.col ? ', column ' + p.col : '') + ': ' }) : null,
      h('span', { text: p.rule && p.message.startsWith(p.rule) ? p.message.slice(p.rule.length).replace(/^:\s*/, '') : p.message }),
      p.rule ? h('span', { class: 'rule', text: ' (' + p.rule + ')' }) : null)))];
}

// checkList asks the server whether an army list would be accepted (POST
// /api/armies/check): null, or its refusal. A refusal is an answer, not a
// failed request.
async function checkList(text) {
  const res = await api('POST', '/api/armies/check', { list: text });
  return res.ok ? null : res.refusal;
}

async function api(method, path, body, token) {
  const headers = {};
  if (token) headers.Authorization = 'Bearer ' + token;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), cache: 'no-store' });
  let data = null;
  try { data = await res.json(); } catch (e) { data = null; }
  if (!res.ok) throw new APIError(res.status, data);
  return data;
}

// The seat token: from the link's fragment (#token=…), kept for this tab
// so that reloading the page keeps the seat.
function tokenFor(id) {
  const m = /(?:^#|&)token=([^&]+)/.exec(location.hash);
  const key = 'ordo.token.' + id;
  if (m) { sessionStorage.setItem(key, decodeURIComponent(m[1])); return decodeURIComponent(m[1]); }
  const q = new URLSearchParams(location.search).get('token');
  if (q) return q;
  return sessionStorage.getItem(key) || '';
}

// ---------- describing actions and events in the game's words ----------

const SKILLS = { move: 'Move', 'bs-attack': 'BS Attack', 'cc-attack': 'CC Attack', dodge: 'Dodge', idle: 'Idle', reset: 'Reset',
  'suppressive-fire': 'Suppressive Fire', discover: 'Discover', 'combat-jump': 'Combat Jump', hack: 'Hack', interact: 'Activate' };
// pretty writes an id the engine sent without a name ("hack-transport-aircraft")
// as words, so that no raw id reaches the page.
const pretty = id => String(id).split('-').map(w => w ? w[0].toUpperCase() + w.slice(1) : w).join(' ');
const skillName = k => SKILLS[k] || pretty(k);

// Names by id, from the viewer's board and observation: weapons and
// programs as their cards print them, troopers by their profile's name
// (with their id where two troopers share a name), markers by their label.
const WEAPON_NAMES = new Map();
const PROGRAMS = new Map();
const NAMES = new Map();
function learnWeapons(board) {
  for (const p of Object.values(board.profiles || {})) for (const w of p.weapons || []) WEAPON_NAMES.set(w.id, w.name);
  for (const [id, c] of Object.entries(board.programs || {})) PROGRAMS.set(id, c);
}
function learnNames(board, obs) {
  NAMES.clear();
  const ts = obs.troopers || [];
  const nameOf = t => t.marker ? null : ((board.profiles || {})[t.profile] || {}).name;
  const count = new Map();
  for (const t of ts) { const n = nameOf(t); if (n) count.set(n, (count.get(n) || 0) + 1); }
  for (const t of ts) {
    const n = nameOf(t);
    const name = !n ? (t.marker ? 'marker ' + t.id : t.id) : count.get(n) > 1 ? n + ' (' + t.id + ')' : n;
    NAMES.set(t.id, name);
  }
  for (const m of obs.models || []) if (!NAMES.has(m.id) && NAMES.has(m.trooper)) NAMES.set(m.id, NAMES.get(m.trooper));
  // A mission's objectives and Classified Objectives by the names players call them.
  const ms = obs.mission;
  if (ms) {
    for (const o of ms.objectives || []) NAMES.set(o.id, o.name || pretty(o.id));
    for (const c of ms.deck || []) CARDS.set(c.id, c);
  }
}
// CARDS are the mission's Classified Objectives by id (the deck is public).
const CARDS = new Map();
const cardName = id => (CARDS.get(id) || {}).name || pretty(id);
// cardText says what a Classified Objective asks, in words (docs/MISSIONS.md).
function cardText(c) {
  if (!c) return '';
  const names = (c.objectives || []).map(who).join(' and ');
  const what = c.rule === 'control' ? 'control ' + (names || 'the zones') : c.rule === 'consoles' ? 'hold ' + (names || 'the consoles') :
    c.rule === 'kill' ? 'have at least ' + (c.count || 1) + ' enemy trooper' + ((c.count || 1) === 1 ? '' : 's') + ' Unconscious or Dead' : pretty(c.rule).toLowerCase();
  return what + ' at the end of a Game Round: ' + c.op + ' OP';
}
// The pre-game's Deployment Zones are told apart by letter and by where
// they lie on the table.
const zoneLetter = i => i === 0 ? 'A' : 'B';
function zoneWhere(z, board) {
  if (!z || !board) return '';
  const cx = (z[0][0] + z[1][0]) / 2, cy = (z[0][1] + z[1][1]) / 2;
  const dx = cx - board.width / 2, dy = cy - board.height / 2;
  const edge = Math.abs(dy) >= Math.abs(dx) ? (dy < 0 ? 'top' : 'bottom') : (dx < 0 ? 'left' : 'right');
  return 'the ' + edge + ' edge, ' + num(z[1][0] - z[0][0]) + '″×' + num(z[1][1] - z[0][1]) + '″';
}
const zoneName = (i, pg, board) => 'Deployment Zone ' + zoneLetter(i) + (pg && pg.zones ? ' (' + zoneWhere(pg.zones[i], board) + ')' : '');
// seatZones are each seat's Deployment Zone: from the pre-game once the
// zones are taken (the board was read before), else the board's.
function seatZones(board, obs) {
  const pg = obs.mission && obs.mission.preGame;
  if (pg && pg.zoneFor) {
    const other = (obs.armies || []).map(a => a.seat).find(x => x !== pg.zoneFor);
    return { [pg.zoneFor]: pg.zones[pg.zone], [other]: pg.zones[1 - pg.zone] };
  }
  return board.zones || {};
}
const who = id => id === undefined || id === null ? '' : NAMES.get(id) || id;
const weaponName = id => WEAPON_NAMES.get(id) || pretty(id);
const programName = id => (PROGRAMS.get(id) || {}).name || pretty(id);
function weaponLabel(w, ammo) {
  return w.name + (ammo ? ' (' + ammo + ')' : '') + ', B' + w.burst + ', DAM ' + w.damage;
}
const pt = p => '(' + num(p[0]) + ', ' + num(p[1]) + ')';
// deg writes a facing in whole degrees, 0–359.
const deg = f => (((Math.round(f) % 360) + 360) % 360) + '°';
// An Order by its type, with its article (Order types (N4)).
const ORDERS = { regular: 'a Regular Order', irregular: 'an Irregular Order', impetuous: 'an Impetuous Order', lieutenant: 'the Lieutenant Special Order', order: 'an Order' };
const orderPhrase = o => ORDERS[o] || (/^[aeiou]/i.test(o || '') ? 'an ' : 'a ') + pretty(o || '') + ' Order';
const ORDER_NAMES = { regular: 'Regular', irregular: 'Irregular', impetuous: 'Impetuous', lieutenant: 'Lieutenant' };
const orderName = o => ORDER_NAMES[o] || pretty(o);

function skillText(k) {
  if (!k) return '';
  let t = k.name === 'hack' && k.program ? programName(k.program) + ' (hacking program)' : skillName(k.name);
  if (k.route && k.route.length) t += ' to ' + pt(k.route[k.route.length - 1]) + (k.route.length > 1 ? ' via ' + (k.route.length - 1) + ' point' + (k.route.length > 2 ? 's' : '') : '');
  if (k.target) t += ' on ' + who(k.target);
  if (k.point) t += ' at ' + pt(k.point);
  if (k.split) t += ' split ' + k.split.map(x => who(x.target) + ' ×' + x.dice).join(', ');
  if (k.weapon) t += ' with ' + weaponName(k.weapon);
  if (k.ammo) t += ' (' + k.ammo + ')';
  if (k.burst) t += ' B' + k.burst;
  return t;
}

function alertText(a) {
  const turns = a.turns || [];
  if (!turns.length) return 'Alert: no trooper turns';
  return 'Alert: ' + turns.map(t => who(t.trooper) + ' turns to ' + deg(t.facing)).join(', ');
}

function actionText(a) {
  if (!a) return 'something hidden';
  switch (a.kind) {
    case 'activate': return who(a.trooper) + ' spends ' + orderPhrase(a.order) + ': ' + skillText(a.skill);
    case 'second': return 'second skill: ' + skillText(a.skill);
    case 'aro': return a.declarations && a.declarations.length ? 'ARO: ' + a.declarations.map(d => who(d.trooper) + ' ' + skillText(d.skill)).join('; ') : 'no ARO';
    case 'resolve': return 'the dice are rolled';
    case 'dodge-move': return a.stay ? who(a.trooper) + ' stays after the Dodge' : who(a.trooper) + ' dodges to ' + pt(a.to);
    case 'end-orders': return 'ends the Orders Phase';
    case 'resign': return 'resigns';
    case 'offer-draw': return 'offers a draw';
    case 'accept-draw': return 'accepts the draw';
    case 'decline-draw': return 'declines the draw';
    case 'request-undo': return 'asks to take back their last declaration';
    case 'accept-undo': return 'agrees: the declaration is taken back';
    case 'decline-undo': return 'refuses the take-back';
    case 'guts': return 'Guts Rolls';
    case 'guts-move': return who(a.trooper) + ' Guts: ' + (a.stay && a.prone ? 'stays and goes Prone' : a.stay ? 'stays' : a.to ? 'moves to ' + pt(a.to) : 'chooses');
    case 'appoint': return 'appoints ' + (a.trooper ? who(a.trooper) : 'a new Lieutenant');
    case 'transfer': return 'Command Token: ' + (a.trooper ? who(a.trooper) : 'a trooper') + ' to group ' + a.group;
    case 'strategic-use': return strategicText(a);
    case 'land': return 'the Combat Jump PH Roll';
    case 'place-jump': return who(a.trooper) + ' is set down at ' + pt(a.to);
    case 'alert': return alertText(a);
    case 'move-token': return 'the Active Proxy Token ' + (a.proxy ? 'moves to ' + who(a.proxy) : 'stays');
    case 'initiative-roll': return 'the Initiative Roll';
    case 'choose': return chooseText(a);
    case 'choose-classified': return a.objective ? 'picks the Classified Objective ' + cardName(a.objective) : 'picks a Classified Objective (secret)';
    case 'deploy': return deployText(a);
    case 'interact': return who(a.trooper) + ' spends ' + orderPhrase(a.order) + ' to activate ' + who(a.objective);
  }
  return genericText(a);
}

// strategicText is a Strategic Use of a Command Token (Command Tokens
// (N4)), or none.
function strategicText(a) {
  switch (a.use) {
    case 'remove-orders': return 'Command Token: remove two Regular Orders (groups ' + (a.groups || []).join(' and ') + ')';
    case 'limit-tokens': return 'Command Token: the opponent spends one Command Token at most this turn';
    case 'suppressive-fire': return 'Command Token: ' + who(a.trooper) + ' enters Suppressive Fire';
  }
  return 'No Strategic Use';
}
// chooseText is an Initiative and Deployment choice (Initiative and
// Deployment (N4)): what is kept, and what it decides.
function chooseText(a) {
  const zone = 'takes ' + 'Deployment Zone ' + zoneLetter(a.zone) + ', ' + a.deployFirst + ' deploys first';
  if (a.keep === 'initiative') return 'keeps Initiative: ' + a.firstTurn + ' plays the first Player Turn';
  if (a.keep === 'deployment') return 'keeps Deployment: ' + zone;
  return a.firstTurn ? 'chooses: ' + a.firstTurn + ' plays the first Player Turn' : 'chooses: ' + zone;
}
// deployText is a deployment as the viewer sees it: the trooper placed
// openly, and the viewer's own troopers in Hidden Deployment beside it.
function deployText(a) {
  const open = a.trooper ? who(a.trooper) + ' at ' + pt(a.at) + ' facing ' + deg(a.facing || 0) : '';
  const hidden = (a.hidden || []).map(x => who(x.trooper) + ' at ' + pt(x.at));
  return 'deploys ' + [open, hidden.length ? 'in Hidden Deployment (only you see it): ' + hidden.join(', ') : ''].filter(Boolean).join('; ');
}

// genericText is an action the page has no words of its own for (the
// fantasy ruleset's): its kind, then its fields in words, the unit first
// unless it is the one already named.
function genericText(a, omitUnit) {
  const rest = Object.entries(a).filter(([k, v]) => k !== 'kind' && !(omitUnit && k === 'unit') && v !== null && v !== undefined && v !== '' && v !== false)
    .map(([k, v]) => v === true ? pretty(k).toLowerCase() : pretty(k).toLowerCase() + ' ' + fieldText(v));
  return pretty(a.kind) + (rest.length ? ': ' + rest.join(', ') : '');
}

function svText(sv) {
  if (!sv) return '';
  const mods = (sv.mods || []).map(m => (m.value >= 0 ? '+' : '−') + Math.abs(m.value) + ' ' + m.name).join(' ');
  return sv.attribute + ' ' + sv.base + (mods ? ' ' + mods : '') + ' = ' + sv.value;
}

const list = xs => (xs || []).map(who).join(', ');
function eventText(e) {
  // An event with the engine's own sentence (the fantasy ruleset's) is
  // told in it: its kinds share names with Infinity's ("moved") but not
  // their fields.
  if (typeof e.text === 'string' && e.text) return e.text;
  switch (e.kind) {
    case 'turn-started': return 'Round ' + e.round + ', ' + e.seat + "'s turn. Orders: " + Object.entries(e.pools || {}).map(([g, n]) => 'group ' + g + ' ' + n).join(', ') + (e.lieutenant ? '; ' + e.lieutenant + ' Lieutenant Special Order' : '');
    case 'order-spent': return who(e.trooper) + ' spends ' + orderPhrase(e.order) + ': ' + skillText(e.skill);
    case 'second-declared': return who(e.trooper) + ' declares ' + skillText(e.skill);
    case 'aros-declared': return 'ARO window ' + e.window + ': ' + ((e.aros || []).map(d => who(d.trooper) + ' ' + skillText(d.skill)).join('; ') || 'no ARO') + (e.forfeited && e.forfeited.length ? '; forfeited: ' + list(e.forfeited) : '') + (e.delayed && e.delayed.length ? '; delayed: ' + list(e.delayed) : '');
    case 'became-idle': return who(e.trooper) + "'s " + skillName(e.skill) + ' fails: ' + e.reason;
    case 'rolled': return who(e.trooper) + ' ' + skillName(e.skill) + ' (' + (e.roll === 'face-to-face' ? 'Face to Face' : 'Normal') + ' Roll): SV ' + svText(e.sv) + ', dice ' + (e.dice || []).map(dieText).join(' ') + (e.against ? ' vs ' + who(e.against) : '') + ' → ' + rollResult(e);
    case 'saved': return who(e.trooper) + ' makes ' + (e.faces || []).length + ' Saving Roll' + ((e.faces || []).length === 1 ? '' : 's') + ' against ' + who(e.from) + ' (' + e.ammo + ', Attack Damage ' + e.attackDamage + '): ' + (e.faces || []).join(' ') + ', ' + e.failed + ' failed';
    case 'wounded': return who(e.trooper) + ' loses ' + e.lost + ' W/STR, ' + e.left + ' left' + (e.states && e.states.length ? ': ' + e.states.join(', ') : '');
    case 'state-changed': return who(e.trooper) + (e.on ? ' is ' : ' is no longer ') + e.state + (e.why ? ' (' + e.why + ')' : '');
    case 'moved': return who(e.model) + ' moves from ' + pt(e.from) + ' to ' + pt(e.to) + (e.why && e.why !== 'move' ? ' (' + e.why + ')' : '');
    case 'turn-ended': return 'end of ' + (e.seat || '') + "'s turn";
    case 'game-ended': return 'game over. ' + (e.objectivePoints ? 'Objective Points: ' + Object.entries(e.objectivePoints).map(([k, v]) => k + ' ' + v).join(', ') + '; ' + (e.winner ? e.winner + ' wins. ' : 'a draw. ') : '') + 'Victory Points: ' + Object.entries(e.victoryPoints || {}).map(([k, v]) => k + ' ' + v).join(', ');
    case 'guts-check': return who(e.trooper) + ' Guts Roll: ' + (e.why ? 'fails (' + e.why + ')' : 'SV ' + svText(e.sv) + ', die ' + (e.dice || []).map(dieText).join(' ') + ' → ' + (e.passed ? 'passed' : 'failed'));
    case 'turned': return who(e.trooper) + ' turns on Alert to face ' + (e.facing !== undefined && e.facing !== null ? deg(e.facing) : 'its attacker');
    case 'appointed': return e.seat + ' appoints ' + (e.trooper ? who(e.trooper) : 'a new Lieutenant');
    case 'lieutenant-revealed': return e.seat + "'s Lieutenant is " + who(e.trooper);
    case 'token-moved': return 'the Active Proxy Token ' + (e.proxy ? 'moves to ' + who(e.proxy) : 'moves');
    case 'initiative-rolled': return 'Initiative Roll: ' + (e.seats || []).map((x, i) => x + ' WIP ' + (e.wip || [])[i]).join(' against ') + '; ' +
      (e.throws || []).map(t => t.map(d => d.face).join('–')).join(', then ') + ' → ' + e.winner + ' wins';
    case 'chosen': return e.seat + ' ' + chooseText(e);
    case 'classified-chosen': return e.seat + (e.objective ? ' picks the Classified Objective ' + cardName(e.objective) : ' picks a Classified Objective (secret until it scores)');
    case 'deployed': return who(e.trooper) + ' deploys at ' + pt(e.at) + ' facing ' + deg(e.facing || 0);
    case 'deployment-ended': return 'deployment ends; ' + e.firstTurn + ' plays the first Player Turn';
    case 'target-designated': return who(e.trooper) + ' is ' + e.seat + "'s Designated Target";
    case 'objective-scored': return 'round ' + e.round + ': ' + e.seat + ' scores ' + e.op + ' OP (' + pretty(e.rule).toLowerCase() + ((e.objectives || []).length ? ': ' + list(e.objectives) : '') + '), ' + e.total + ' OP in all';
    case 'classified-scored': return 'round ' + e.round + ': ' + e.seat + ' reveals its Classified Objective ' + (e.name || cardName(e.objective)) + ' and scores ' + e.op + ' OP, ' + e.total + ' OP in all';
    case 'interacted': return who(e.trooper) + ' activates ' + who(e.objective) + ': WIP Roll SV ' + svText(e.sv) + ', die ' + (e.dice || []).map(dieText).join(' ') + ' → ' + (e.success ? 'success, ' + who(e.objective) + ' held' : 'failure');
  }
  // Any other event: its fields in words, ids as names, numbers rounded,
  // nothing empty printed.
  const rest = Object.entries(e).filter(([k, v]) => k !== 'kind' && v !== null && v !== undefined && v !== '')
    .map(([k, v]) => pretty(k).toLowerCase() + ' ' + fieldText(v)).join(', ');
  return pretty(e.kind) + (rest ? ': ' + rest : '');
}
function fieldText(v) {
  if (typeof v === 'number') return num(v);
  if (typeof v === 'string') return NAMES.has(v) ? who(v) : v;
  if (Array.isArray(v)) return v.length === 2 && v.every(x => typeof x === 'number') ? pt(v) : v.map(fieldText).join(', ');
  if (v && typeof v === 'object') return Object.entries(v).filter(([, x]) => x !== null && x !== undefined).map(([k, x]) => k + ' ' + fieldText(x)).join(', ');
  return String(v);
}
function dieText(d) {
  if (d.template) return 'T';
  return d.result + (d.critical ? 'C' : d.cancelled ? 'x' : d.success ? '' : '-');
}
function rollResult(e) {
  if (e.skill === 'dodge' || e.skill === 'reset' || e.skill === 'discover') return e.hits + e.crits > 0 ? 'success' : 'failure';
  return e.hits + ' hit' + (e.hits === 1 ? '' : 's') + (e.crits ? ', ' + e.crits + ' Critical' + (e.crits > 1 ? 's' : '') : '');
}

// The text helpers, for the browser tests to read the page's words.
window.ordoText = { actionText, eventText, skillText, deg, orderPhrase };

// ---------- the board ----------

// drawBoard draws the table: edges, scenery, Deployment Zones, the models
// as bases sized by Silhouette with their front arc and label, and the
// Order in progress.
function drawBoard(svg, board, obs, opts) {
  clear(svg);
  const W = board.width, H = board.height;
  svg.setAttribute('viewBox', '-0.5 -0.5 ' + (W + 1) + ' ' + (H + 1));
  svg.setAttribute('preserveAspectRatio', 'xMidYMid meet');
  svg.style.aspectRatio = (W + 1) + ' / ' + (H + 1);
  const seats = (obs.armies || []).map(a => a.seat);
  svg.append(s('rect', { x: 0, y: 0, width: W, height: H, fill: '#efe9dc', stroke: '#333', 'stroke-width': 0.1, 'data-role': 'table' }));
  for (let x = 4; x < W; x += 4) svg.append(s('line', { x1: x, y1: 0, x2: x, y2: H, stroke: '#d8d0bd', 'stroke-width': 0.03 }));
  for (let y = 4; y < H; y += 4) svg.append(s('line', { x1: 0, y1: y, x2: W, y2: y, stroke: '#d8d0bd', 'stroke-width': 0.03 }));
  const ms = obs.mission, pg = ms && ms.preGame;
  if (pg && !pg.zoneFor) {
    // Before the zones are taken: both, by letter, for the choice.
    pg.zones.forEach((z, i) => svg.append(s('g', { 'data-zone': zoneLetter(i) },
      s('rect', { class: 'zone open', x: z[0][0], y: z[0][1], width: z[1][0] - z[0][0], height: z[1][1] - z[0][1] }, s('title', { text: zoneName(i, pg, board) })),
      s('text', { class: 'zone-label', x: (z[0][0] + z[1][0]) / 2, y: (z[0][1] + z[1][1]) / 2, 'text-anchor': 'middle', 'dominant-baseline': 'middle', text: 'Zone ' + zoneLetter(i) }))));
  }
  for (const [seat, z] of Object.entries(seatZones(board, obs))) {
    const c = seatColour(seat, seats);
    const mine = opts.deploying && seat === opts.me;
    svg.append(s('rect', { class: 'zone' + (mine ? ' deploying' : ''), 'data-zone-seat': seat, x: z[0][0], y: z[0][1], width: z[1][0] - z[0][0], height: z[1][1] - z[0][1], fill: c, stroke: c }, s('title', { text: seat + "'s Deployment Zone" })));
    if (pg) svg.append(s('text', { class: 'zone-label', x: (z[0][0] + z[1][0]) / 2, y: (z[0][1] + z[1][1]) / 2, 'text-anchor': 'middle', 'dominant-baseline': 'middle', fill: c, text: seat + "'s Deployment Zone" }));
  }
  for (const t of board.terrain || []) {
    const cls = 'terrain ' + (t.impassable ? 'impassable' : t.cover ? 'cover' : 'plain');
    const what = [t.impassable && 'impassable', t.blocksLoF && 'blocks Line of Fire', t.cover && 'Partial Cover'].filter(Boolean).join(', ');
    svg.append(s('polygon', { class: cls, points: t.polygon.map(p => p.join(',')).join(' ') }, s('title', { text: t.name + (what ? ' (' + what + ')' : '') })));
  }
  // A mission's objectives (docs/MISSIONS.md): zones as areas, consoles
  // as 40 mm tokens, each in the colour of the side that holds or
  // controls it.
  for (const o of (ms && ms.objectives) || []) {
    const held = o.holder ? seatColour(o.holder, seats) : '#555';
    const why = o.name + (o.kind === 'zone' ? ' (zone' + (o.holder ? ', controlled by ' + o.holder : ', controlled by nobody') + ')' : ' (console' + (o.holder ? ', held by ' + o.holder : ', held by nobody') + ')');
    if (o.kind === 'zone' && o.area) {
      const a = o.area;
      svg.append(s('g', { class: 'objective zone-objective', 'data-objective': o.id, 'data-holder': o.holder || '' },
        s('rect', { x: a[0][0], y: a[0][1], width: a[1][0] - a[0][0], height: a[1][1] - a[0][1], stroke: held, fill: o.holder ? held : 'none' }, s('title', { text: why })),
        s('text', { x: a[0][0] + 0.3, y: a[0][1] + 1, text: o.name })));
    } else if (o.at) {
      svg.append(s('g', { class: 'objective console', 'data-objective': o.id, 'data-holder': o.holder || '', transform: 'translate(' + o.at[0] + ',' + o.at[1] + ')' },
        s('rect', { x: -0.8, y: -0.8, width: 1.6, height: 1.6, rx: 0.2, fill: o.holder ? held : '#fff', stroke: '#222' }, s('title', { text: why })),
        s('text', { y: 0.35, 'text-anchor': 'middle', class: 'console-mark', text: '⌁' }),
        s('text', { y: 1.8, 'text-anchor': 'middle', text: o.name })));
    }
  }
  const targets = new Set(Object.values((ms && ms.targets) || {}));
  const zocLayer = s('g', {});
  svg.append(zocLayer);
  if (opts.sight) svg.append(drawSight(opts.sight, obs, board, opts.weapon, seats));
  if (obs.order && obs.order.path && obs.order.path.length > 1) {
    svg.append(s('polyline', { class: 'path', points: obs.order.path.map(p => p.join(',')).join(' ') }, s('title', { text: 'the Order in progress' })));
  }
  for (const t of obs.templates || []) svg.append(drawTemplate(t, seatColour(t.seat, seats)));
  const troopers = new Map((obs.troopers || []).map(t => [t.id, t]));
  for (const m of obs.models || []) {
    if (m.removed) continue;
    const t = troopers.get(m.trooper) || { id: m.trooper, seat: '', states: [] };
    const r = (BASES[m.s] || 1) / 2;
    const colour = seatColour(t.seat, seats);
    const down = (t.states || []).some(x => x === 'Unconscious' || x === 'Dead');
    const cls = ['model', t.marker ? 'marker' : '', down ? 'down' : '', opts.highlight && opts.highlight.has(t.id) ? 'highlight' : '',
      opts.selected === t.id ? 'selected' : '', opts.selectable && opts.selectable.has(t.id) ? 'selectable' : ''].filter(Boolean).join(' ');
    const g = s('g', { class: cls, 'data-trooper': t.id, 'data-model': m.id, 'data-seat': t.seat, transform: 'translate(' + m.at[0] + ',' + m.at[1] + ')' });
    const f = (m.facing || 0) * Math.PI / 180;
    if (t.marker) {
      // The opponent sees only the marker: a square token and its label.
      g.append(s('rect', { x: -0.5, y: -0.5, width: 1, height: 1, fill: colour, 'fill-opacity': 0.7 }));
      g.append(s('text', { x: 0, y: 1.1, 'text-anchor': 'middle', text: t.id }));
    } else {
      if (t.active) g.append(s('circle', { class: 'active-proxy', r: r + 0.35, stroke: colour, 'data-role': 'active-proxy' }));
      g.append(s('circle', { class: 'base', r, fill: colour }));
      // The front arc: the 180° half of the base the model faces.
      const a0 = f - Math.PI / 2, a1 = f + Math.PI / 2;
      g.append(s('path', { class: 'arc', d: 'M0,0 L' + r * Math.cos(a0) + ',' + r * Math.sin(a0) + ' A' + r + ',' + r + ' 0 0 1 ' + r * Math.cos(a1) + ',' + r * Math.sin(a1) + ' Z' }));
      g.append(s('line', { class: 'facing', x1: 0, y1: 0, x2: r * Math.cos(f), y2: r * Math.sin(f) }));
      g.append(s('text', { x: 0, y: r + 0.75, 'text-anchor': 'middle', text: who(t.id) }));
      if (t.lieutenant) g.append(s('text', { class: 'lt', x: 0, y: -r - 0.2, 'text-anchor': 'middle', text: '★ LT', 'data-role': 'lieutenant' }));
      if (t.active) g.append(s('text', { class: 'lt', x: 0, y: -r - (t.lieutenant ? 1 : 0.2), 'text-anchor': 'middle', text: 'Active Proxy' }));
      if (targets.has(t.id)) g.append(s('circle', { class: 'target-ring', r: r + 0.45, 'data-role': 'designated-target' }, s('title', { text: 'Designated Target' })));
      if ((t.states || []).includes('Hidden Deployment')) {
        g.classList.add('hidden-deploy');
        g.append(s('text', { class: 'lt', x: 0, y: -r - 0.2, 'text-anchor': 'middle', text: 'hidden: only you see it', 'data-role': 'hidden-mark' }));
      }
    }
    g.append(s('title', { text: (t.marker ? 'marker ' + t.id : who(t.id) + ' (' + t.seat + (t.jumper ? ', Proxy of ' + t.jumper + (t.active ? ', the Active Proxy' : '') : '') + ')') + (t.states && t.states.length ? ': ' + t.states.join(', ') : '') + (t.lieutenant ? ', Lieutenant' : '') }));
    g.addEventListener('mouseenter', () => { clear(zocLayer); zocLayer.append(s('circle', { class: 'zoc', cx: m.at[0], cy: m.at[1], r: ZOC + r }, s('title', { text: 'Zone of Control' }))); if (opts.onHover) opts.onHover(t); });
    g.addEventListener('mouseleave', () => { clear(zocLayer); if (opts.onHover) opts.onHover(null); });
    if (opts.onModel) g.addEventListener('click', ev => { ev.stopPropagation(); opts.onModel(t, m); });
    svg.append(g);
  }
  for (const d of opts.drafts || []) {
    const r = (BASES[d.s] || 1) / 2, f = (d.facing || 0) * Math.PI / 180, colour = seatColour(opts.me, seats);
    svg.append(s('g', { class: 'draft ' + (d.hidden ? 'hidden-deploy ' : '') + (d.state || ''), 'data-draft': d.trooper, transform: 'translate(' + d.at[0] + ',' + d.at[1] + ')' },
      s('circle', { class: 'base', r, fill: colour }),
      s('line', { class: 'facing', x1: 0, y1: 0, x2: (r + 0.6) * Math.cos(f), y2: (r + 0.6) * Math.sin(f) }),
      s('text', { x: 0, y: r + 0.75, 'text-anchor': 'middle', text: who(d.trooper) + (d.hidden ? ' (hidden: only you see it)' : '') }),
      s('title', { text: 'to deploy: ' + who(d.trooper) + ' facing ' + deg(d.facing || 0) + (d.hidden ? ', in Hidden Deployment: only you see it' : '') })));
  }
  if (opts.plan && opts.plan.points.length > 1) {
    svg.append(s('polyline', { class: 'plan ' + opts.plan.state, points: opts.plan.points.map(p => p.join(',')).join(' ') }));
    for (const p of opts.plan.points.slice(1)) svg.append(s('circle', { cx: p[0], cy: p[1], r: 0.2, fill: '#111' }));
  }
}

// drawFantasy draws a fantasy table from its board (GET …/board): the
// terrain, and every unit's bases at the corners the engine placed them,
// its front edge marked and its name at its front. The page measures
// nothing: a charge, a wheel or a range is the engine's to check.
function drawFantasy(svg, board, obs, opts) {
  clear(svg);
  const W = board.width, H = board.height;
  svg.setAttribute('viewBox', '-0.5 -0.5 ' + (W + 1) + ' ' + (H + 1));
  svg.setAttribute('preserveAspectRatio', 'xMidYMid meet');
  svg.style.aspectRatio = (W + 1) + ' / ' + (H + 1);
  const xy = p => Array.isArray(p) ? p : [p.x, p.y];
  svg.append(s('rect', { x: 0, y: 0, width: W, height: H, fill: '#e8efd9', stroke: '#333', 'stroke-width': 0.15, 'data-role': 'table' }));
  for (let x = 6; x < W; x += 6) svg.append(s('line', { x1: x, y1: 0, x2: x, y2: H, stroke: '#d3dcc2', 'stroke-width': 0.04 }));
  for (let y = 6; y < H; y += 6) svg.append(s('line', { x1: 0, y1: y, x2: W, y2: y, stroke: '#d3dcc2', 'stroke-width': 0.04 }));
  for (const t of board.terrain || []) {
    svg.append(s('polygon', { class: 'terrain fantasy-' + t.kind, points: (t.polygon || []).map(p => xy(p).join(',')).join(' ') }, s('title', { text: (t.name ? t.name + ' (' + t.kind + ')' : t.kind) })));
  }
  const units = obs.units || {};
  for (const u of board.units || []) {
    const info = units[u.id] || {};
    const colour = seatColour(u.seat);
    const cls = ['unit', opts.selected === u.id ? 'selected' : '', opts.selectable && opts.selectable.has(u.id) ? 'selectable' : ''].filter(Boolean).join(' ');
    const g = s('g', { class: cls, 'data-unit': u.id, 'data-seat': u.seat });
    for (const b of u.bases) {
      g.append(s('polygon', { class: 'fbase ' + (b.role || ''), 'data-model': b.model, fill: colour, points: b.corners.map(c => c.join(',')).join(' ') }, s('title', { text: who(b.model) + (b.role && b.role !== 'rank-and-file' ? ' (' + b.role + ')' : '') })));
    }
    g.append(s('line', { class: 'front', x1: u.front[0][0], y1: u.front[0][1], x2: u.front[1][0], y2: u.front[1][1] }));
    const mx = (u.front[0][0] + u.front[1][0]) / 2, my = (u.front[0][1] + u.front[1][1]) / 2;
    const flags = Object.entries(info.flags || {}).filter(([, v]) => v).map(([k]) => pretty(k).toLowerCase());
    g.append(s('text', { class: 'unit-label', x: mx, y: my - 0.4, 'text-anchor': 'middle', text: u.id + (info.models !== undefined ? ' (' + info.models + ')' : '') }));
    g.append(s('title', { text: u.id + ' (' + u.seat + '): ' + (info.models !== undefined ? info.models + ' models' : '') + (info.files ? ', ' + info.files + ' wide' : '') + (flags.length ? '; ' + flags.join(', ') : '') }));
    if (opts.onUnit) g.addEventListener('click', ev => { ev.stopPropagation(); opts.onUnit(u); });
    if (opts.onHover) { g.addEventListener('mouseenter', () => opts.onHover(u)); g.addEventListener('mouseleave', () => opts.onHover(null)); }
    svg.append(g);
  }
  const mid = id => { const u = (board.units || []).find(x => x.id === id); return u && [(u.front[0][0] + u.front[1][0]) / 2, (u.front[0][1] + u.front[1][1]) / 2]; };
  // The selected unit's charges, as the engine answers them: a line to
  // each enemy it may charge (in its front arc, seen, within its longest
  // roll), labelled with the distance and the chance to reach it.
  if ((opts.charges || []).length) {
    const g = s('g', { class: 'charges', 'data-role': 'charges', 'data-unit': opts.selected });
    for (const c of opts.charges) {
      // A character charging out starts from his own base.
      const a = (c.action.character && baseAt(board, c.action.character)) || mid(c.action.unit), b = mid(c.action.target);
      if (!a || !b) continue;
      const o = c.odds;
      const label = o ? num(o.distance) + '″ · ' + pct(o.reach) : 'charge';
      const f = c.action.character ? 0.35 : 0.6; // two charges at one enemy: labels apart
      const text = (c.action.character ? who(c.action.character) + ' (out of ' + who(c.action.unit) + ')' : who(c.action.unit)) + ' may charge ' + who(c.action.target) +
        (o ? ": " + num(o.distance) + '″ away, range ' + num(o.m) + '″ + ' + (o.dice === 2 ? '2D6' : 'best two of ' + o.dice + 'D6') + ' (at most ' + num(o.most) + '″), reaches ' + pct(o.reach) + ' if it holds' : '');
      g.append(s('line', { class: 'charge-line', 'data-role': 'charge', 'data-target': c.action.target, 'data-character': c.action.character || '', x1: a[0], y1: a[1], x2: b[0], y2: b[1] }, s('title', { text })));
      g.append(s('text', { class: 'charge-label', 'data-role': 'charge-label', 'data-target': c.action.target, 'data-character': c.action.character || '', x: a[0] + (b[0] - a[0]) * f, y: a[1] + (b[1] - a[1]) * f, 'text-anchor': 'middle', text: label }));
    }
    svg.append(g);
  }
  // The entry pointed at in the menu: which unit it names, from which.
  if (opts.pointAt) {
    const a = mid(opts.pointAt[0]), b = mid(opts.pointAt[1]);
    if (a && b) svg.append(s('line', { class: 'point-at', 'data-role': 'point-at', x1: a[0], y1: a[1], x2: b[0], y2: b[1] }));
  }
}

// baseAt is the middle of a model's base as the board places it.
function baseAt(board, model) {
  for (const u of board.units || []) {
    const b = (u.bases || []).find(x => x.model === model);
    if (b) return [b.corners.reduce((m, c) => m + c[0], 0) / b.corners.length, b.corners.reduce((m, c) => m + c[1], 0) / b.corners.length];
  }
  return null;
}

// drawSight draws what the selected trooper sees, from the engine's
// answer (GET …/sight/{trooper}): a line to each enemy it has Line of
// Fire to, labelled with the distance and the chosen weapon's range MOD
// there, and the weapon's range bands as rings from its base, each with
// its MOD (BS Attack (N4)). Nothing here is measured by the page.
function drawSight(sight, obs, board, weaponId, seats) {
  const g = s('g', { class: 'sight', 'data-role': 'sight', 'data-trooper': sight.trooper });
  const at = id => (obs.models || []).find(m => m.id === id || m.trooper === id);
  const from = at(sight.trooper);
  if (!from) return g;
  const tv = (obs.troopers || []).find(t => t.id === sight.trooper) || {};
  const p = board.profiles[tv.profile] || {};
  const weapons = (p.weapons || []).filter(w => (w.ranges || []).length);
  const w = weapons.find(x => x.id === weaponId) || weapons[0];
  const r0 = (BASES[from.s] || 1) / 2;
  if (w) {
    for (const b of w.ranges) {
      const r = b.to + r0;
      g.append(s('circle', { class: 'range-ring mod' + Math.sign(b.mod), cx: from.at[0], cy: from.at[1], r, 'data-role': 'range-ring' }, s('title', { text: w.name + ': ' + num(b.from) + '–' + num(b.to) + '″, MOD ' + (b.mod > 0 ? '+' : '') + b.mod })));
      // Each ring's label on the side toward the middle of the table.
      const cx = board.width / 2 - from.at[0], cy = board.height / 2 - from.at[1], n = Math.hypot(cx, cy) || 1;
      g.append(s('text', { class: 'range-label', x: from.at[0] + cx / n * (r - 0.3), y: from.at[1] + cy / n * (r - 0.3), 'text-anchor': 'middle', text: (b.mod > 0 ? '+' : '') + b.mod + ' to ' + num(b.to) + '″' }));
    }
  }
  for (const t of sight.targets || []) {
    const m = at(t.target);
    if (!m || !t.lof) continue;
    const mod = w && t.ranges && t.ranges[w.id];
    const label = num(t.distance) + '″' + (w ? (mod === undefined ? ' out of range' : ' ' + (mod > 0 ? '+' : '') + mod) : '');
    g.append(s('line', { class: 'lof', x1: from.at[0], y1: from.at[1], x2: m.at[0], y2: m.at[1], 'data-role': 'lof', 'data-target': t.target }, s('title', { text: 'Line of Fire to ' + who(t.target) + ': ' + label })));
    g.append(s('text', { class: 'lof-label', x: from.at[0] + (m.at[0] - from.at[0]) * 0.8, y: from.at[1] + (m.at[1] - from.at[1]) * 0.8, 'text-anchor': 'middle', text: label }));
  }
  return g;
}

// drawTemplate draws a template of the observation: a Direct Template's
// teardrop (Direct Template Weapons (N4)) — the outline of its narrow and
// wide discs joined by their outer tangents, as the engine measures it —
// or a deployable's marker and the circle it goes off within.
function drawTemplate(t, colour) {
  const what = (t.weapon ? (WEAPON_NAMES.get(t.weapon) || t.weapon) : 'a template') + ' of ' + t.by;
  if (t.kind === 'circle') {
    return s('g', { class: 'template circle', 'data-role': 'deployable', 'data-by': t.by },
      s('circle', { cx: t.at[0], cy: t.at[1], r: t.radius, stroke: colour }),
      s('rect', { class: 'deployable', x: t.at[0] - 0.49, y: t.at[1] - 0.49, width: 0.98, height: 0.98, fill: colour }),
      s('title', { text: what + ": it goes off when an enemy declares within " + num(t.radius) + '″' }));
  }
  const r0 = t.narrowWidth / 2, r1 = t.wideWidth / 2, h = t.length - r0 - r1;
  const A = (t.angle || 0) * Math.PI / 180, d = [Math.cos(A), Math.sin(A)], n = [-d[1], d[0]];
  // In the template's frame (x across the axis, y along it from the
  // narrow disc's centre) the tangent's normal is (a, b).
  const b = (r0 - r1) / h, a = Math.sqrt(1 - b * b), th = Math.atan2(b, a);
  const at = (x, y) => [t.at[0] + n[0] * x + d[0] * (y + r0), t.at[1] + n[1] * x + d[1] * (y + r0)];
  const pts = [];
  for (let i = 0; i <= 16; i++) { const u = th + (Math.PI - 2 * th) * i / 16; pts.push(at(r1 * Math.cos(u), h + r1 * Math.sin(u))); }
  for (let i = 0; i <= 16; i++) { const u = Math.PI - th + (Math.PI + 2 * th) * i / 16; pts.push(at(r0 * Math.cos(u), r0 * Math.sin(u))); }
  return s('polygon', { class: 'template teardrop', 'data-role': 'template', 'data-by': t.by, fill: colour, stroke: colour,
    points: pts.map(p => p[0].toFixed(3) + ',' + p[1].toFixed(3)).join(' ') }, s('title', { text: what }));
}

// boardPoint is where a click on the board falls, in table inches.
function boardPoint(svg, ev) {
  const p = svg.createSVGPoint();
  p.x = ev.clientX; p.y = ev.clientY;
  const q = p.matrixTransform(svg.getScreenCTM().inverse());
  return [Math.round(q.x * 10) / 10, Math.round(q.y * 10) / 10];
}

function miniTable(t) {
  const svg = s('svg', { viewBox: '-0.5 -0.5 ' + (t.width + 1) + ' ' + (t.height + 1), role: 'img', 'aria-label': 'the table of ' + t.title });
  svg.append(s('rect', { x: 0, y: 0, width: t.width, height: t.height, fill: '#efe9dc', stroke: '#333', 'stroke-width': 0.2 }));
  for (const tr of t.terrain || []) svg.append(s('polygon', { class: 'terrain ' + (tr.impassable || tr.kind === 'impassable' ? 'impassable' : tr.cover || tr.kind === 'forest' ? 'cover' : 'plain'), points: tr.polygon.map(p => (Array.isArray(p) ? p : [p.x, p.y]).join(',')).join(' ') }));
  return svg;
}

// ---------- the lobby ----------

async function lobby(app) {
  document.title = 'Ordo — lobby';
  const list = h('div', { class: 'scenarios' });
  const form = h('div', { class: 'panel' });
  const missionForm = h('div', { class: 'panel', id: 'mission-form' });
  const recent = h('div', { class: 'panel' });
  const waiting = h('div', { class: 'panel', id: 'open-matches' });
  const playing = h('div', { class: 'panel', id: 'playing-matches' });
  clear(app).append(h('div', { class: 'lobby' },
    h('section', {}, h('h1', { text: 'Play a match' }), h('p', { class: 'muted', text: 'Pick a bundled scenario, create the match, and send the other seat its link, or leave it open for anyone in the lobby. Ordo enforces every rule and rolls every die.' }), list),
    h('aside', {}, form, missionForm, waiting, recent, playing)));
  drawRecent(recent);
  missionLobby(missionForm, recent);
  drawOpen(waiting, recent);
  drawPlaying(playing);
  let chosen = null;
  const rulings = h('input', { id: 'rulings', placeholder: 'e.g. criticals=n3-auto-wound', 'aria-label': 'rulings' });
  const create = h('button', { class: 'primary', id: 'create', disabled: true, text: 'Create match' });
  const openSeat = h('input', { type: 'checkbox', id: 'open-seat' });
  // The computer may play the other seat (POST /api/matches "bots").
  const botSel = h('select', { id: 'bot', 'aria-label': 'the computer plays the other seat' },
    h('option', { value: '', text: 'a person' }), h('option', { value: 'random', text: 'the computer: easy (random)' }),
    h('option', { value: 'greedy', text: 'the computer: medium (greedy)' }), h('option', { value: 'mcts', text: 'the computer: hard (mcts)' }));
  const out = h('div', { id: 'created' });
  form.append(h('h2', { text: 'New match' }), h('div', { id: 'chosen', class: 'muted', text: 'Choose a scenario.' }),
    h('label', { class: 'small' }, 'Rulings (name=reading, comma-separated): ', rulings),
    h('p', {}, h('label', { class: 'small' }, 'The other seat is played by ', botSel)),
    h('p', {}, h('label', { class: 'small' }, openSeat, ' Leave the other seat open: anyone in the lobby may take it')), h('p', {}, create), out);
  const data = await api('GET', '/api/scenario-tables');
  for (const t of data.scenarios) {
    const playable = true;
    const card = h('div', { class: 'card', 'data-scenario': t.name, tabindex: 0, role: 'button', 'aria-disabled': !playable },
      miniTable(t), h('div', { class: 'title', text: t.title || t.name }),
      h('div', { class: 'name', text: t.name + ' · ' + t.width + '″×' + t.height + '″ · ' + (t.seats || []).join(' v ') + (t.rounds ? ' · ' + t.rounds + ' rounds' : '') }),
      h('div', { class: 'small muted', text: t.ruleset === 'fantasy' ? 'fantasy battle' : 'Infinity N4' }));
    const pick = () => {
      if (!playable) return;
      for (const c of list.children) c.classList.remove('selected');
      card.classList.add('selected');
      chosen = t;
      form.querySelector('#chosen').textContent = t.title + ' (' + t.name + ')';
      create.disabled = false;
    };
    card.addEventListener('click', pick);
    card.addEventListener('keydown', ev => { if (ev.key === 'Enter' || ev.key === ' ') { ev.preventDefault(); pick(); } });
    list.append(card);
  }
  create.addEventListener('click', async () => {
    const r = {};
    for (const part of rulings.value.split(',').map(x => x.trim()).filter(Boolean)) {
      const [k, v] = part.split('=').map(x => x.trim());
      if (!k || !v) { put(out, h('p', { class: 'err', text: 'A ruling is written name=reading: "' + part + '"' })); return; }
      r[k] = v;
    }
    create.disabled = true;
    try {
      const other = (chosen.seats || []).length > 1 ? chosen.seats[chosen.seats.length - 1] : null;
      const open = openSeat.checked && other && !botSel.value ? [other] : undefined;
      const bots = botSel.value && other ? { [other]: botSel.value } : undefined;
      const c = await api('POST', '/api/matches', { scenario: chosen.name, rulings: r, open, bots });
      const links = {};
      for (const [seat, sec] of Object.entries(c.seats)) links[seat] = location.origin + (sec.url || '/m/' + c.id + '#token=' + sec.token);
      const rec = { id: c.id, scenario: chosen.title || chosen.name, created: new Date().toISOString(), links };
      remember(rec);
      put(out, h('h2', { text: 'Match ' + c.id }), linkList(rec),
        Object.entries(c.bots || {}).map(([seat, name]) => h('p', { class: 'small', 'data-bot-seat': seat, text: seat + ' is played by the computer (' + name + ').' })),
        h('p', { class: 'small muted' }, 'Seed commitment: ', h('code', { text: c.seed_commitment })));
      drawRecent(recent);
    } catch (e) {
      put(out, h('p', { class: 'err', text: e.message }));
    } finally { create.disabled = false; }
  });
}

// missionList is the bundled missions (GET /api/missions), asked once.
let MISSION_LIST = null;
function missionList() {
  if (!MISSION_LIST) MISSION_LIST = api('GET', '/api/missions').then(r => r.missions, e => { MISSION_LIST = null; throw e; });
  return MISSION_LIST;
}

// Scoring rules in words (docs/MISSIONS.md).
const SCORING = { control: 'each zone controlled', dominate: 'controlling more zones than the enemy', consoles: 'each console held',
  'kill-target': "the enemy's Designated Target killed", 'protect-target': 'your own Designated Target alive' };
function scoringText(m) {
  return m.scoring.map(r => (SCORING[r.rule] || pretty(r.rule).toLowerCase()) + ' ' + (r.when === 'each-round' ? 'every round' : 'at the end') + ' (' + r.op + ' OP)').join('; ');
}

// missionLobby is the form for a mission match between two army lists
// (docs/ARMIES.md): a bundled mission, and each seat's list pasted or
// read from a file, or left for that player to send from their seat's
// link (privately). The match starts at the Initiative Roll once both
// lists are in.
async function missionLobby(el, recent) {
  let missions;
  try { missions = await missionList(); } catch (e) { put(el, h('h2', { text: 'New mission match' }), h('p', { class: 'err', text: e.message })); return; }
  const sel = h('select', { id: 'mission', 'aria-label': 'mission' }, missions.map(m => h('option', { value: m.id, text: m.name })));
  const what = h('div', { class: 'small muted', id: 'mission-scores' });
  const show = () => { const m = missions.find(x => x.id === sel.value); what.textContent = m ? 'Scores by: ' + scoringText(m) + '.' : ''; };
  sel.addEventListener('change', show);
  show();
  const lists = {};
  const seatRow = seat => {
    const area = h('textarea', { id: 'army-' + seat, rows: 4, spellcheck: 'false', placeholder: seat + "'s army list (YAML, docs/ARMIES.md), or leave it empty: " + seat + ' sends it from their link', 'aria-label': seat + "'s army list" });
    const file = h('input', { type: 'file', id: 'army-file-' + seat, accept: '.yaml,.yml,text/yaml,text/plain', 'aria-label': seat + "'s army list file",
      onchange: async ev => { const f = ev.target.files[0]; if (f) area.value = await f.text(); } });
    lists[seat] = area;
    return h('div', { class: 'army-input' }, h('b', { class: seatClass(seat), text: seat + "'s army list" }), h('div', { class: 'small' }, 'paste it, or read a file: ', file), area);
  };
  const create = h('button', { class: 'primary', id: 'create-mission', text: 'Create mission match' });
  const out = h('div', { id: 'created-mission' });
  put(el, h('h2', { text: 'New mission match' }),
    h('p', { class: 'small muted', text: 'Two players, two army lists and a mission: the Initiative Roll, deployment and the mission scored in Objective Points, every rule enforced. Leave a list empty and that player sends their own from their seat\'s link; the opponent never sees it.' }),
    h('label', { class: 'small' }, 'Mission: ', sel), what, seatRow('blue'), seatRow('red'), h('p', {}, create), out);
  create.addEventListener('click', async () => {
    const armies = {};
    for (const seat of ['blue', 'red']) if (lists[seat].value.trim()) armies[seat] = lists[seat].value;
    create.disabled = true;
    try {
      // Each list given is checked first: a refusal is shown in words.
      for (const [seat, text] of Object.entries(armies)) {
        const refusal = await checkList(text);
        if (refusal) { put(out, h('div', { id: 'mission-error' }, h('p', { class: 'err', text: seat + "'s army list:" }), refusalText(refusal))); return; }
      }
      const c = await api('POST', '/api/matches', { mission: sel.value, armies });
      const links = {};
      for (const [seat, sec] of Object.entries(c.seats)) links[seat] = location.origin + (sec.url || '/m/' + c.id + '#token=' + sec.token);
      const title = missions.find(m => m.id === sel.value).name;
      const rec = { id: c.id, scenario: title, created: new Date().toISOString(), links };
      remember(rec);
      const awaited = ['blue', 'red'].filter(seat => !armies[seat]);
      put(out, h('h2', { text: 'Match ' + c.id }), linkList(rec),
        awaited.length ? h('p', { class: 'small', id: 'lists-awaited', text: awaited.join(' and ') + (awaited.length > 1 ? ' send their' : ' sends their') + ' army list' + (awaited.length > 1 ? 's' : '') + ' from their seat\'s link; the game starts when both are in.' }) : null,
        h('p', { class: 'small muted' }, 'Seed commitment: ', h('code', { text: c.seed_commitment })));
      drawRecent(recent);
    } catch (e) {
      put(out, h('p', { class: 'err', id: 'mission-error', text: e.message }));
    } finally { create.disabled = false; }
  });
}

// remember keeps a match's seat links in this browser (My recent matches).
function remember(rec) {
  const all = JSON.parse(localStorage.getItem('ordo.recent') || '[]');
  const had = all.find(x => x.id === rec.id);
  if (had) rec = { ...had, links: { ...had.links, ...rec.links } };
  localStorage.setItem('ordo.recent', JSON.stringify([rec, ...all.filter(x => x.id !== rec.id)].slice(0, 20)));
}

// drawOpen lists the matches waiting for a player (GET /api/lobby), each
// with a button to take its open seat: the seat's token comes back once,
// is remembered here, and the page goes to the table as that seat.
async function drawOpen(el, recent) {
  let page;
  try { page = await api('GET', '/api/lobby?status=open&limit=20'); } catch (e) { put(el, h('p', { class: 'err', text: e.message })); return; }
  const names = await lobbyNames();
  put(el, h('h2', { text: 'Waiting for an opponent' }), page.matches.length ? null : h('p', { class: 'muted', text: 'No open match now.' }),
    h('ul', {}, page.matches.map(m => h('li', { 'data-open-match': m.id }, h('span', { text: names(m) + ' ' }),
      m.awaiting_lists ? h('span', { class: 'small awaiting', 'data-awaiting-lists': m.id, text: 'awaiting lists: you send your own army list after joining ' }) : null,
      m.open.map(seat => h('button', { 'data-join': seat, text: 'Play ' + seat, onclick: async () => {
        try {
          const j = await api('POST', '/api/matches/' + m.id + '/join', { seat });
          remember({ id: m.id, scenario: names(m), created: new Date().toISOString(), links: { [seat]: location.origin + j.url } });
          location.href = j.url;
        } catch (e) { drawOpen(el, recent); }
      } }))))));
}

// lobbyNames names a listed match: its scenario, or its mission by the
// name players call it.
async function lobbyNames() {
  const missions = await missionList().catch(() => []);
  return m => m.scenario || (m.mission ? (missions.find(x => x.id === m.mission) || { name: pretty(m.mission) }).name : 'a scenario');
}

// drawPlaying lists matches in play to watch, and finished ones to replay.
async function drawPlaying(el) {
  let playing, lists, over;
  try {
    [playing, lists, over] = await Promise.all([api('GET', '/api/lobby?status=playing&limit=10'), api('GET', '/api/lobby?status=armies&limit=10'), api('GET', '/api/lobby?status=over&limit=10')]);
  } catch (e) { return; }
  const names = await lobbyNames();
  put(el, h('h2', { text: 'Watch or replay' }),
    h('ul', {}, playing.matches.map(m => h('li', {}, h('a', { href: '/m/' + m.id, text: 'watch ' + names(m) })))),
    lists.matches.length ? h('ul', {}, lists.matches.map(m => h('li', { 'data-armies-match': m.id }, h('a', { href: '/m/' + m.id, text: 'watch ' + names(m) }),
      h('span', { class: 'small awaiting', text: ' awaiting lists: the game starts when both players have sent theirs' })))) : null,
    h('ul', {}, over.matches.map(m => h('li', {}, h('a', { href: '/m/' + m.id + '/replay', text: 'replay ' + names(m) })))));
}

function linkList(rec) {
  const row = (label, url, id) => h('div', {}, h('label', { class: 'small' }, label, h('input', { readonly: true, value: url, id, onfocus: e => e.target.select() })), ' ', h('a', { href: url, text: 'open' }));
  return h('div', { class: 'links' },
    Object.entries(rec.links).map(([seat, url]) => row(seat + "'s seat (keep it to that player) ", url, 'link-' + seat)),
    row('Spectators ', location.origin + '/m/' + rec.id, 'link-spectator'),
    row('Replay ', location.origin + '/m/' + rec.id + '/replay', 'link-replay'));
}

function drawRecent(el) {
  const all = JSON.parse(localStorage.getItem('ordo.recent') || '[]');
  put(el, h('h2', { text: 'My recent matches' }), all.length ? null : h('p', { class: 'muted', text: 'None yet in this browser.' }),
    h('ul', {}, all.map(r => h('li', {}, h('span', { text: r.scenario + ' ' }), h('span', { class: 'small muted', text: r.created.slice(0, 16).replace('T', ' ') + ' ' }),
      Object.entries(r.links).map(([seat, url]) => [h('a', { href: url, class: seatClass(seat), text: seat }), ' ']), h('a', { href: '/m/' + r.id + '/replay', text: 'replay' }), ' (',
      Object.entries(r.links).map(([seat, url], i) => [i ? ', ' : '', h('a', { href: url.replace('/m/' + r.id + '#', '/m/' + r.id + '/replay#'), class: 'small', text: 'as ' + seat })]), ')'))));
}

// ---------- the table ----------

class Table {
  constructor(app, id) {
    this.app = app; this.id = id; this.token = tokenFor(id);
    this.log = []; this.snap = null; this.board = null; this.odds = new Map();
    this.selected = null; this.plan = null; this.compose = null; this.retry = 0; this.closed = false; this.timings = [];
    this.orderChoice = new Map(); this.confirming = null; this.cardPinned = null;
    // Answers dropped because the match moved on before they came.
    this.staleDropped = 0;
    this.drawn = { board: '', log: -1, armies: null };
    // The chat (the seats', or the spectators'): the same before the game
    // (while the army lists are awaited) and during it.
    this.chat = [];
    this.chatList = h('div', { class: 'log', id: 'chat-list' });
    this.chatInput = h('input', { id: 'chat-input', maxlength: 500, placeholder: this.token ? 'Say something to your opponent' : 'Say something to the other spectators' });
    this.chatEl = h('div', { class: 'panel', id: 'chat' }, h('h2', { text: this.token ? 'Chat' : 'Spectators\' chat' }), this.chatList,
      h('form', { id: 'chat-form', onsubmit: ev => { ev.preventDefault(); this.say(); } }, this.chatInput));
    window.ordo = this; // for the browser tests and the curious: what this page holds
    document.title = 'Ordo — match ' + this.id;
    if (this.token && window.Notification && Notification.permission === 'default') {
      document.addEventListener('click', () => { try { Notification.requestPermission(); } catch (e) { /* refused */ } }, { once: true });
    }
  }

  // start opens the match: the window for the army lists while a mission
  // match waits for them (snap.army_lists), else the table.
  async start() {
    const t0 = performance.now();
    this.snap = await api('GET', '/api/matches/' + this.id, undefined, this.token);
    if (this.snap.army_lists) await this.listScreen();
    else await this.openTable(t0);
    this.connect();
  }

  // openTable draws the table of a game set up: the board, the prompt,
  // the menu, the log. While it loads, states from the feed are only
  // kept (setSnap).
  async openTable(t0) {
    this.awaiting = false;
    this.opening = true;
    const svg = s('svg', { id: 'board', role: 'img', 'aria-label': 'the table' });
    this.svg = svg;
    this.status = h('div', { class: 'status', id: 'status' });
    this.promptEl = h('div', { class: 'panel prompt', id: 'prompt' });
    // The menu panel: its composer (a route, a split Burst, AROs put
    // together) stays the same element while the list is drawn again, so
    // that a field being typed in keeps its focus.
    this.composeHost = h('div', { id: 'compose-host' });
    this.menuList = h('div', { id: 'menu-list' });
    this.menuTitle = h('h2', { id: 'menu-title', text: 'Menu', onclick: () => this.menuEl.classList.toggle('collapsed') });
    this.menuNotice = h('div', { id: 'menu-notice', role: 'status', 'aria-live': 'polite' });
    this.menuEl = h('div', { class: 'panel menu', id: 'menu' }, this.menuTitle, this.menuNotice, this.composeHost, this.menuList);
    // A tap on the menu survives the menu being drawn again under it:
    // while a finger (or the mouse button) is down on one of its buttons,
    // the menu is not drawn again for the same state (odds coming in, a
    // trooper's sight), so the button pressed is the one released and
    // clicked; it is drawn after the lift. A tap that a new state took
    // away declares nothing, and the page says so.
    this.menuEl.addEventListener('pointerdown', ev => {
      const b = ev.target.closest && ev.target.closest('button');
      this.press = b ? { el: b, seq: this.snap.seq } : null;
    }, true);
    if (!this.lifting) {
      this.lifting = true;
      const lift = () => {
        const p = this.press;
        if (!p) return;
        this.press = null;
        // After the click the lift makes, which comes in the same task.
        setTimeout(() => {
          if (!p.el.isConnected && p.seq !== this.snap.seq) this.tapLost();
          if (this.menuDeferred) { this.menuDeferred = false; this.renderMenu(this.prompted()); }
        }, 0);
      };
      document.addEventListener('pointerup', lift, true);
      document.addEventListener('pointercancel', lift, true);
    }
    this.diceEl = h('div', { class: 'panel dice', id: 'dice' });
    this.logList = h('div', { class: 'log', id: 'log' });
    this.logEl = h('div', { class: 'panel log-panel', id: 'log-panel' }, h('h2', { text: 'Log' }), this.logList);
    this.armiesEl = h('div', { class: 'panel', id: 'armies' });
    this.missionEl = h('div', { class: 'panel mission', id: 'mission', hidden: true });
    // The table: resign, draw offers and take-backs (the seat's).
    this.tableEl = h('div', { class: 'panel', id: 'table-actions' });
    this.clockEl = h('div', { class: 'panel', id: 'clock', hidden: true });
    this.cardEl = h('div', { class: 'card-pop', id: 'card', hidden: true });
    clear(this.app).append(h('div', { class: 'table-layout' },
      h('div', { class: 'board-wrap' }, this.status, h('div', { class: 'board-box' }, svg, this.cardEl)),
      h('div', { class: 'side' }, this.promptEl, this.missionEl, this.clockEl, this.tableEl, this.armiesEl, this.menuEl, this.diceEl, this.logEl, this.chatEl,
        h('div', { class: 'keys', id: 'keys' }, h('kbd', { text: '1' }), '–', h('kbd', { text: '9' }), ' pick · ', h('kbd', { text: 'Enter' }), ' declare the route · ', h('kbd', { text: 'Backspace' }), ' undo a point · ', h('kbd', { text: 'Esc' }), ' back · ',
          h('kbd', { text: 'E' }), ' end the Orders Phase · ', h('kbd', { text: 'N' }), ' no ARO'))));
    svg.addEventListener('click', ev => this.boardClick(ev));
    svg.addEventListener('pointerdown', ev => { if (!this.rulerOn || this.plan) return; const p = boardPoint(svg, ev); this.ruler = { a: p, b: p, dragging: true }; svg.setPointerCapture(ev.pointerId); this.drawRuler(); ev.preventDefault(); });
    svg.addEventListener('pointermove', ev => { if (!this.ruler || !this.ruler.dragging) return; this.ruler.b = boardPoint(svg, ev); this.drawRuler(); });
    svg.addEventListener('pointerup', () => { if (this.ruler) this.ruler.dragging = false; });
    if (!this.keyed) { document.addEventListener('keydown', ev => this.key(ev)); this.keyed = true; }
    const [board, page] = await Promise.all([
      api('GET', '/api/matches/' + this.id + '/board', undefined, this.token),
      api('GET', '/api/matches/' + this.id + '/log', undefined, this.token)]);
    // The feed may have brought entries meanwhile: both are the same
    // log's first entries, and the longer is kept. The state the log
    // reached is asked again if the one held is older.
    if (page.entries.length >= this.log.length) this.log = page.entries;
    if (page.seq > this.snap.seq) this.snap = await api('GET', '/api/matches/' + this.id, undefined, this.token);
    this.board = board;
    this.opening = false;
    this.fantasy = board.ruleset === 'fantasy';
    this.boardSeq = this.snap.seq;
    if (this.fantasy) put(document.getElementById('keys'), h('kbd', { text: '1' }), '–', h('kbd', { text: '9' }), ' pick · ', h('kbd', { text: 'Esc' }), ' back');
    learnWeapons(board);
    if (this.chat.length) this.renderChat();
    this.render();
    this.firstRender = performance.now() - t0;
    document.body.dataset.firstRender = this.firstRender.toFixed(1);
  }

  // ---------- before the game: the seats' army lists ----------

  // listScreen is the window of a mission match waiting for its army
  // lists (docs/ARMIES.md): what is awaited and why, each seat's list in
  // or not (all anyone learns of another's list), and for a seat its own
  // list to paste or read from a file and send. The server's refusal is
  // shown where in the list and by which rule. The game's table follows
  // when the last list is in (setSnap).
  async listScreen() {
    this.awaiting = true;
    const me = this.me, al = this.snap.army_lists;
    const missions = await missionList().catch(() => []);
    const m = missions.find(x => x.id === al.mission);
    this.listArea = h('textarea', { id: 'army-text', rows: 14, spellcheck: 'false', 'aria-label': 'your army list (YAML)', placeholder: 'name: My company\nfaction: …\npoints: 300\ncombat-groups:\n  - troopers:\n      - {profile: fusilier, lieutenant: true}' });
    const file = h('input', { type: 'file', id: 'army-file', accept: '.yaml,.yml,text/yaml,text/plain', 'aria-label': 'read your army list from a file',
      onchange: async ev => { const f = ev.target.files[0]; if (f) { this.listArea.value = await f.text(); put(this.listOut, h('p', { class: 'muted small', text: 'Read ' + f.name + ': send it when ready.' })); } } });
    this.listSendBtn = h('button', { class: 'primary', id: 'army-send', text: 'Send my army list', onclick: () => this.sendList() });
    this.listOut = h('div', { id: 'army-result', 'aria-live': 'polite' });
    this.listStatusEl = h('div', { id: 'army-status' });
    const why = 'Mission: ' + (m ? m.name : pretty(al.mission)) + '. Before the game each player sends their own army list (YAML, see docs/ARMIES.md). ' +
      'The server holds it to the army-building rules and says what it refuses, where in the list and by which rule. ' +
      'Your opponent learns only that your list is in, never what it holds. You may send it again to replace it until both lists are in; then the game starts with the Initiative Roll.';
    clear(this.app).append(h('div', { class: 'lists-layout' },
      h('section', { class: 'panel', id: 'army-screen' },
        h('h1', { id: 'army-title', text: me ? 'Send your army list' : 'Waiting for the army lists' }),
        h('p', { class: 'small', id: 'army-why', text: me ? why : 'Mission: ' + (m ? m.name : pretty(al.mission)) + '. The game starts when both players have sent their army lists; spectators see only whose list is in.' }),
        this.listStatusEl,
        me ? h('div', { class: 'army-form' }, h('div', { class: 'small' }, 'Paste your list below, or read it from a file: ', file), this.listArea,
          h('p', {}, this.listSendBtn), this.listOut) : null),
      h('div', { class: 'side' }, this.chatEl)));
    if (this.chat.length) this.renderChat();
    this.renderListStatus();
    document.body.dataset.window = 'armies';
    document.body.dataset.seq = String(this.snap.seq);
    if (me && al.submitted[me]) this.loadOwnList();
  }

  // renderListStatus says, for each seat, whether its list is in.
  renderListStatus() {
    const al = this.snap.army_lists, me = this.me;
    const seats = Object.keys(al.submitted).sort((a, b) => seatIndex(a, ['blue', 'red']) - seatIndex(b, ['blue', 'red']));
    SEAT_ORDER = seats;
    const others = seats.filter(x => x !== me && !al.submitted[x]);
    put(this.listStatusEl, h('ul', { class: 'list-status' }, seats.map(seat => h('li', { 'data-list-seat': seat, 'data-in': al.submitted[seat] ? 'yes' : 'no' },
      h('b', { class: seatClass(seat), text: seat + (seat === me ? ' (you)' : '') }), ': ',
      al.submitted[seat] ? h('span', { class: 'ok', text: seat === me ? 'your list is in' + (others.length ? '; you may replace it until ' + others.join(', ') + '\'s is in' : '') : 'list in' })
        : h('span', { class: 'muted', text: seat === me ? 'your list is awaited' : 'list awaited' })))));
    document.title = (me && !al.submitted[me] ? 'Send your list — ' : '') + 'Ordo — match ' + this.id;
  }

  // loadOwnList shows the list this seat sent (GET /army: its own only).
  async loadOwnList() {
    try {
      const res = await fetch('/api/matches/' + this.id + '/army', { headers: { Authorization: 'Bearer ' + this.token }, cache: 'no-store' });
      if (res.ok && !this.listArea.value) this.listArea.value = await res.text();
    } catch (e) { /* the form stays empty */ }
  }

  // sendList checks the seat's list, then sends it (PUT /army). A refusal
  // is shown in words and changes nothing.
  async sendList() {
    const text = this.listArea.value;
    if (!text.trim()) { put(this.listOut, h('p', { class: 'err', id: 'army-error', text: 'Paste your army list, or read it from a file, first.' })); return; }
    if (new Blob([text]).size > 65536) { put(this.listOut, h('p', { class: 'err', id: 'army-error', text: 'The list is over 64 KiB, the most accepted.' })); return; }
    this.listSendBtn.disabled = true;
    put(this.listOut, h('p', { class: 'muted small', text: 'Checking your list…' }));
    try {
      const refusal = await checkList(text);
      if (refusal) { put(this.listOut, h('div', { id: 'army-error' }, refusalText(refusal))); return; }
      const res = await fetch('/api/matches/' + this.id + '/army', { method: 'PUT', headers: { Authorization: 'Bearer ' + this.token, 'Content-Type': 'application/yaml' }, body: text, cache: 'no-store' });
      let data = null;
      try { data = await res.json(); } catch (e) { data = null; }
      if (!res.ok) { const e = new APIError(res.status, data); put(this.listOut, h('div', { id: 'army-error' }, e.problems.length ? refusalText(e) : h('p', { class: 'err', text: e.message }))); return; }
      if (this.awaiting && !data.started) { this.snap = { ...this.snap, army_lists: data.army_lists }; this.renderListStatus(); }
      const others = Object.keys(data.army_lists.submitted).filter(x => x !== this.me && !data.army_lists.submitted[x]);
      put(this.listOut, h('p', { class: 'ok', id: 'army-sent', text: data.started ? 'Your list is in, and so is your opponent\'s: the game starts.' : 'Your list is in. You may send another to replace it until ' + others.join(', ') + '\'s list is in.' }));
    } catch (e) {
      put(this.listOut, h('p', { class: 'err', id: 'army-error', text: e.message }));
    } finally { this.listSendBtn.disabled = false; }
  }

  fail(e) { clear(this.app).append(h('p', { class: 'err', id: 'error', text: e.message }), h('a', { href: '/', text: 'the lobby' })); }

  // prompted: the match waits for this seat now.
  prompted() { return !!(this.me && (this.snap.prompt.seats || []).includes(this.me)); }

  // tapLost says that a tap on the menu came as the match moved on, so
  // that nothing was declared.
  tapLost() {
    const msg = h('p', { class: 'notice small', text: 'The table changed as you tapped: nothing was declared. Look at the menu again.' });
    put(this.menuNotice, msg);
    setTimeout(() => msg.remove(), 6000);
  }

  get me() { return this.snap && this.snap.viewer && this.snap.viewer.role === 'player' ? this.snap.viewer.seat : null; }

  connect() {
    if (this.closed) return;
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const q = new URLSearchParams({ from: String(this.log.length), chat_from: String(this.chat.length) });
    if (this.token) q.set('token', this.token);
    const ws = new WebSocket(proto + '//' + location.host + '/api/matches/' + this.id + '/ws?' + q);
    this.ws = ws;
    const conn = document.getElementById('conn');
    ws.onopen = () => { this.retry = 0; conn.textContent = 'live'; };
    ws.onmessage = ev => {
      if (this.trip && !this.trip.ws) this.trip.ws = performance.now() - this.trip.t0;
      const m = JSON.parse(ev.data);
      if (m.type === 'entry' && m.entry.seq === this.log.length) this.log.push(m.entry);
      if (m.type === 'chat' && m.chat.n === this.chat.length) { this.chat.push(m.chat); this.renderChat(); }
      if (m.type === 'state') { if (this.trip) this.trip.state = performance.now() - this.trip.t0; this.setSnap(m.state); }
    };
    ws.onclose = () => {
      if (this.closed) return;
      conn.textContent = 'reconnecting…';
      // Back off a little, then catch up from the entries this page has.
      const wait = Math.min(5000, 250 * 2 ** this.retry++);
      setTimeout(() => this.connect(), wait);
    };
  }

  // setSnap takes a new state of the match and draws it. The odds held
  // were the old state's; what this page was composing is dropped once
  // its own action has been applied.
  setSnap(snap) {
    if (snap.army_lists) { this.snap = snap; if (this.awaiting) this.renderListStatus(); return; }
    if (this.awaiting) { this.snap = snap; this.openTable(performance.now()).catch(e => this.fail(e)); return; }
    if (this.opening) { if (snap.seq >= this.snap.seq) this.snap = snap; return; }
    if (this.snap && snap.seq !== this.snap.seq) {
      this.odds.clear();
      this.confirming = null;
      this.deploy = null;
      if (this.pending && snap.seq > this.pending.seq) { this.plan = null; this.selected = null; this.setCompose(null); }
    }
    this.snap = snap;
    this.render();
    this.refreshBoard();
  }

  // refreshBoard fetches the board again when the observation shows a
  // trooper whose profile it lacks (a trooper revealed since): its card,
  // weapons and programs are then the viewer's to read.
  async refreshBoard() {
    if (this.fantasy) {
      // A fantasy board moves with every action: drawn again from the engine's.
      if (this.boardSeq === this.snap.seq) return;
      const seq = this.snap.seq;
      this.boardSeq = seq;
      try {
        const b = await api('GET', '/api/matches/' + this.id + '/board', undefined, this.token);
        if (this.snap.seq === seq) { this.board = b; this.drawBoard(); }
      } catch (e) { /* drawn with the last board */ }
      return;
    }
    const missing = (this.snap.observation.troopers || []).some(t => !t.marker && t.profile && !this.board.profiles[t.profile]);
    if (!missing || this.boardAsked === this.snap.seq) return;
    this.boardAsked = this.snap.seq;
    try {
      this.board = await api('GET', '/api/matches/' + this.id + '/board', undefined, this.token);
      learnWeapons(this.board);
      this.drawn.board = ''; this.drawn.log = -1;
      this.render();
    } catch (e) { /* drawn with what is known */ }
  }

  // renderClock shows each seat's time left (snap.clock: as of its
  // "since", the running ones counting down), ticking every second.
  renderClock() {
    const c = this.snap && this.snap.clock;
    this.clockEl.hidden = !c;
    if (!c) return;
    const fmt = ms => { const s = Math.max(0, Math.floor(ms / 1000)); return Math.floor(s / 3600) + ':' + String(Math.floor(s / 60) % 60).padStart(2, '0') + ':' + String(s % 60).padStart(2, '0'); };
    const since = Date.parse(c.since);
    put(this.clockEl, Object.entries(c.remaining_ms).map(([seat, ms]) => {
      const running = (c.running || []).includes(seat) && !this.snap.over;
      return h('div', { 'data-clock': seat, class: running ? 'running' : '' }, h('b', { class: seatClass(seat), text: seat + ' ' }), h('span', { text: fmt(running ? ms - (Date.now() - since) : ms) }), running ? ' ⏱' : '');
    }));
    if (!this.clockTick) this.clockTick = setInterval(() => this.renderClock(), 1000);
  }

  // renderTable offers the seat's table actions (snap.table): resign,
  // offer, accept or decline a draw, ask for a take-back or answer one.
  renderTable(snap) {
    const labels = {
      'resign': 'Resign', 'offer-draw': 'Offer a draw', 'accept-draw': 'Accept the draw', 'decline-draw': 'Decline the draw',
      'request-undo': 'Ask to take back your last declaration', 'accept-undo': 'Allow the take-back', 'decline-undo': 'Refuse the take-back',
    };
    const key = JSON.stringify([snap.seq, snap.table, snap.outcome, snap.draw_offer]);
    if (this.drawn.table === key) return;
    this.drawn.table = key;
    const o = snap.outcome;
    const said = o ? (o.reason === 'draw' ? 'Drawn by agreement.' : o.seat + ' resigned' + (o.winner ? '; ' + o.winner + ' wins.' : '.')) :
      snap.draw_offer && snap.draw_offer !== this.me ? snap.draw_offer + ' offers a draw.' : '';
    put(this.tableEl, said ? h('p', { id: 'table-said', text: said }) : null,
      (snap.table || []).map(kind => h('button', { 'data-table': kind, text: labels[kind] || kind, onclick: () => this.tableAction(kind) })));
    this.tableEl.hidden = !said && !(snap.table || []).length;
  }

  async tableAction(kind) {
    if (kind === 'resign' && !confirm('Resign this match?')) return;
    try {
      await api('POST', '/api/matches/' + this.id + '/actions', { seq: this.snap.seq, id: kind + '-' + Math.random().toString(36).slice(2), action: { kind } }, this.token);
    } catch (e) { put(this.tableEl, h('p', { class: 'err', text: e.message })); this.drawn.table = ''; }
  }

  renderChat() {
    put(this.chatList, this.chat.map(m => h('div', { class: 'e', 'data-chat': m.n },
      h('span', { class: m.seat ? seatClass(m.seat) : 'muted', text: m.seat || 'spectator' }), ': ', h('span', { text: m.text }))));
    requestAnimationFrame(() => { this.chatList.scrollTop = this.chatList.scrollHeight; });
  }

  async say() {
    const text = this.chatInput.value.trim();
    if (!text) return;
    try {
      await api('POST', '/api/matches/' + this.id + '/chat', { text }, this.token);
      this.chatInput.value = '';
    } catch (e) { this.chatInput.setCustomValidity(e.message); this.chatInput.reportValidity(); setTimeout(() => this.chatInput.setCustomValidity(''), 3000); }
  }

  // noticeTurn says when it is the seat's turn: in the tab's title, and
  // with a browser notification when the page is out of sight (asked for
  // on the seat's first click: browsers ask only after a gesture).
  noticeTurn(mine, snap) {
    const base = 'Ordo — match ' + this.id;
    const turn = Boolean(mine) && !snap.over;
    document.title = turn ? 'Your turn — ' + base : base;
    if (turn && !this.wasMine && document.hidden && window.Notification && Notification.permission === 'granted') {
      try { new Notification('Ordo: your turn', { body: 'Match ' + this.id + ' waits for ' + this.me, tag: 'ordo-' + this.id }); } catch (e) { /* no notifications here */ }
    }
    this.wasMine = turn;
  }

  // render draws what changed: the board when the observation, the
  // selection or the route do, the log, dice and armies when the log
  // grows, the menu when the state or the choices do.
  render() {
    const r0 = performance.now();
    const snap = this.snap, obs = snap.observation, me = this.me;
    SEAT_ORDER = this.fantasy ? [...new Set((this.board.units || []).map(u => u.seat))] : (obs.armies || []).map(a => a.seat);
    learnNames(this.board, obs);
    const mine = me && snap.prompt.seats && snap.prompt.seats.includes(me);
    const aro = mine && /^aro-/.test(snap.prompt.window || '');
    // The troopers that may react: those the ARO menu names in a legal entry.
    const highlight = new Set();
    if (aro) for (const m of snap.menu || []) if (!m.illegal) for (const d of m.action.declarations || []) highlight.add(d.trooper);
    this.highlight = highlight;
    // Where the time goes, kept with the round trip (data-last-trip).
    const laps = {}; let t = r0;
    const lap = k => { const n = performance.now(); laps[k] = +(n - t).toFixed(1); t = n; };
    this.loadSight();
    this.noticeTurn(mine, snap);
    this.renderTable(snap);
    this.renderClock();
    this.renderStatus(obs, snap);
    this.renderPrompt(snap, mine, aro); lap('status');
    this.drawBoard(); lap('board');
    if (this.drawn.log !== this.log.length) { this.renderDice(); this.renderLog(); } lap('log');
    if (this.drawn.armies !== obs) { this.renderArmies(obs); this.renderMission(obs, snap); this.drawn.armies = obs; }
    this.renderMenu(mine); lap('menu');
    document.body.dataset.seq = String(snap.seq);
    document.body.dataset.window = snap.prompt.window || snap.prompt.kind;
    if (this.pending && snap.seq > this.pending.seq) {
      const p = this.pending; this.pending = null;
      if (this.trip) {
        const t = this.trip;
        t.renderStart = +(r0 - t.t0).toFixed(1); t.renderEnd = +(performance.now() - t.t0).toFixed(1); t.laps = laps;
        this.timings.push(t.renderEnd);
        document.body.dataset.lastRoundTrip = t.renderEnd.toFixed(1);
      }
      p.resolve();
    }
  }

  // actors are the seat's troopers the menu names: the ones that may be
  // picked on the table or in the roster.
  actors() {
    const out = new Set();
    if (this.me) for (const m of this.snap.menu || []) { const w = actorOf(m.action, this.snap.observation); if (w) out.add(w); }
    return out;
  }

  drawBoard() {
    const own = this.actors();
    // The same observation, selection and route draw the same board.
    const sight = this.sight && this.sight.trooper === this.selected ? this.sight : null;
    const deploying = this.deploying();
    const drafts = deploying && this.deploy ? [this.deploy.open, ...this.deploy.hidden].filter(Boolean).map(d => ({ ...d, state: this.deploy.state })) : [];
    const key = JSON.stringify([this.snap.observation, this.selected, this.plan && [this.plan.points, this.plan.state], [...this.highlight], [...own], SEAT_ORDER, sight, this.sightWeapon, drafts]);
    if (key === this.drawn.board && !this.fantasy) return;
    this.drawn.board = key;
    if (this.fantasy) {
      drawFantasy(this.svg, this.board, this.snap.observation, { selected: this.selected, selectable: own, pointAt: this.pointAt, charges: this.chargesOf(this.selected),
        onHover: u => this.showCard(u || this.cardPinned),
        onUnit: u => { this.cardPinned = u; this.showCard(u); if (own.has(u.id)) this.select(this.selected === u.id ? null : u.id); } });
      return;
    }
    drawBoard(this.svg, this.board, this.snap.observation, {
      highlight: this.highlight, selected: this.selected, selectable: own, plan: this.plan, sight, weapon: this.sightWeapon, deploying, drafts, me: this.me,
      onHover: t => this.showCard(t || this.cardPinned),
      onModel: t => {
        this.cardPinned = t; this.showCard(t);
        if (own.has(t.id) && !this.plan) this.select(this.selected === t.id ? null : t.id);
      },
    });
    this.svg.classList.toggle('routing', !!this.plan || !!this.rulerOn || !!(deploying && this.deploy && this.deploy.pick));
    this.drawRuler();
  }

  // The ruler: with it on, drag on the table to measure between two
  // points (a tape measure, not a rule: declarations are still checked
  // by the engine).
  toggleRuler() {
    this.rulerOn = !this.rulerOn;
    this.ruler = null;
    this.drawBoard();
    this.renderStatus(this.snap.observation, this.snap);
  }
  drawRuler() {
    const old = this.svg.querySelector('#ruler');
    if (old) old.remove();
    const r = this.ruler;
    if (!r) return;
    const d = Math.hypot(r.b[0] - r.a[0], r.b[1] - r.a[1]);
    this.svg.append(s('g', { class: 'ruler', id: 'ruler', 'data-role': 'ruler', 'data-length': d.toFixed(2) },
      s('line', { x1: r.a[0], y1: r.a[1], x2: r.b[0], y2: r.b[1] }),
      s('circle', { cx: r.a[0], cy: r.a[1], r: 0.12, fill: '#111' }),
      s('text', { x: r.b[0] + 0.3, y: r.b[1] - 0.3, text: num(d) + '″' })));
  }

  // chargesOf is what the engine says of the selected fantasy unit's
  // charges: each enemy its menu lets it charge (the legal charge
  // entries), and the engine's odds of reaching it (/odds), for the
  // board's charge overlay. The page measures nothing.
  chargesOf(id) {
    if (!id || !this.me || !this.snap.menu) return [];
    return this.snap.menu.filter(m => !m.illegal && m.action.kind === 'charge' && m.action.unit === id)
      .map(m => ({ action: m.action, odds: (this.odds.get(JSON.stringify(m.action)) || {}).charge || null }));
  }

  // loadSight asks the engine what the selected trooper sees now, once
  // per trooper and state, and draws it.
  // Only a trooper of the seat's on the table sees: one since killed, or
  // taken by the enemy, is not asked about; nor is a state gone by the
  // time the server answers (the answer says so, and is dropped).
  async loadSight() {
    const obs = this.snap.observation;
    const id = this.me && !this.fantasy && this.selected;
    const tv = id && (obs.troopers || []).find(t => t.id === id);
    const onTable = tv && tv.seat === this.me && !(tv.states || []).includes('Dead') && (obs.models || []).some(m => m.trooper === id);
    if (!onTable) { this.sight = null; this.sightKey = null; return; }
    const seq = this.snap.seq, key = id + '@' + seq;
    if (this.sightKey === key) return;
    this.sightKey = key;
    try {
      const sight = await api('GET', '/api/matches/' + this.id + '/sight/' + encodeURIComponent(id) + '?seq=' + seq, undefined, this.token);
      if (sight.stale) { this.staleDropped++; return; }
      if (this.sightKey === key) { this.sight = sight; this.drawBoard(); }
    } catch (e) { if (this.sightKey === key) this.sight = null; }
  }

  select(id) {
    this.selected = id; this.plan = null; this.setCompose(null); this.confirming = null;
    this.render();
    if (id) this.menuEl.classList.remove('collapsed');
  }

  // showUnitCard shows a fantasy unit as the observation tells it: its
  // models by profile and role, its files and ranks, its states.
  showUnitCard(id) {
    const u = (this.snap.observation.units || {})[id];
    if (!u) { this.cardEl.hidden = true; return; }
    const by = new Map();
    for (const m of u.modelList || []) { const k = m.profile + (m.role && m.role !== 'rank-and-file' ? ' (' + m.role + ')' : ''); by.set(k, (by.get(k) || 0) + 1); }
    const flags = Object.entries(u.flags || {}).filter(([, v]) => v).map(([k]) => pretty(k).toLowerCase());
    put(this.cardEl, h('div', { class: 'card-title' }, h('b', { class: seatClass(u.seat), text: id })),
      h('div', { class: 'small', text: u.models + ' models, ' + u.files + ' wide in ' + (u.ranks || []).length + ' rank' + ((u.ranks || []).length === 1 ? '' : 's') + (u.points ? ' · ' + u.points + ' points' : '') }),
      h('div', { class: 'small' }, [...by].map(([k, n]) => n + ' × ' + k).join(', ')),
      flags.length ? h('div', { class: 'small' }, h('b', { text: 'State: ' }), flags.join(', ')) : null);
    this.cardEl.hidden = false;
  }

  // showCard shows a trooper's profile card (Unit Profile (N4)) from the
  // board's profiles, which hold only what this viewer may see: a
  // marker shows nothing but that it is a marker.
  showCard(t) {
    const el = this.cardEl;
    if (!t) { el.hidden = true; return; }
    if (this.fantasy) { this.showUnitCard(t.id); return; }
    const tv = (this.snap.observation.troopers || []).find(x => x.id === t.id) || t;
    const p = !tv.marker && this.board.profiles[tv.profile];
    const rows = [h('div', { class: 'card-title' }, h('b', { class: seatClass(tv.seat), text: who(tv.id) }), p ? ' · ' + p.name : '', tv.lieutenant ? ' ★ Lieutenant' : '')];
    if (!p) {
      rows.push(h('div', { class: 'small muted', text: tv.marker ? 'A marker: what is behind it is hidden from you.' : 'Its profile is not known to you.' }));
    } else {
      const attrs = [['MOV', p.mov[0] + '-' + p.mov[1]], ['CC', p.cc], ['BS', p.bs], ['PH', p.ph], ['WIP', p.wip], ['ARM', p.arm], ['BTS', p.bts], [p.str ? 'STR' : 'W', p.w], ['S', p.s]];
      rows.push(h('table', { class: 'attrs' }, h('tr', {}, attrs.map(a => h('th', { text: a[0] }))), h('tr', {}, attrs.map(a => h('td', { text: a[1] })))));
      rows.push(h('div', { class: 'small' }, h('b', { text: 'State: ' }), (tv.states || []).join(', ') || 'Normal', ' · ', h('b', { text: (p.str ? 'STR' : 'W') + ' left: ' }), String(tv.wounds !== undefined ? tv.wounds : p.w),
        tv.jumper ? ' · Proxy of ' + tv.jumper + (tv.active ? ' (the Active Proxy)' : '') : ''));
      if ((p.skills || []).length) rows.push(h('div', { class: 'small' }, h('b', { text: 'Skills: ' }), p.skills.join(', ')));
      if ((p.equipment || []).length) rows.push(h('div', { class: 'small' }, h('b', { text: 'Equipment: ' }), p.equipment.join(', ')));
      for (const w of p.weapons || []) {
        const bands = (w.ranges || []).map(b => num(b.from) + '–' + num(b.to) + '″ ' + (b.mod > 0 ? '+' : b.mod < 0 ? '−' : '') + Math.abs(b.mod)).join(' · ');
        rows.push(h('div', { class: 'small weapon', 'data-weapon': w.id }, h('b', { text: w.name }), ' B' + w.burst + ' DAM ' + (w.damage || 'PH') + (w.ammo ? ' ' + w.ammo.join('/') : '') + (w.template ? ' · Direct Template' : ''),
          bands ? h('div', { class: 'bands', text: bands }) : null));
      }
      if ((p.programs || []).length) rows.push(h('div', { class: 'small' }, h('b', { text: 'Programs: ' }), p.programs.map(programName).join(', ')));
    }
    put(el, rows);
    el.hidden = false;
  }

  renderStatus(obs, snap) {
    const waiting = (snap.prompt.seats || []).join(', ');
    const vp = this.victoryPoints();
    const pre = !snap.over && obs.mission && obs.mission.preGame;
    put(this.status,
      h('span', { class: 'turn', text: snap.over ? 'Game over' : pre ? 'Pre-game: Initiative and Deployment' : 'Round ' + obs.round + ' of ' + obs.rounds }),
      obs.active && !pre ? h('span', {}, 'turn: ', h('span', { class: seatClass(obs.active), text: obs.active })) : null,
      h('span', { id: 'waiting' }, snap.over ? '' : 'waiting for ', h('span', { class: seatClass(waiting), text: waiting }), snap.prompt.window ? ' (' + windowName(snap.prompt.window) + ')' : ''),
      h('span', { class: 'muted' }, this.me ? ['you are ', h('span', { class: seatClass(this.me), text: this.me })] : 'spectating'),
      vp ? h('span', { text: 'Victory Points: ' + Object.entries(vp).map(([k, v]) => k + ' ' + v).join(', ') }) : null,
      h('button', { id: 'ruler-toggle', class: 'small' + (this.rulerOn ? ' primary' : ''), 'aria-pressed': this.rulerOn ? 'true' : 'false', text: this.rulerOn ? 'Ruler on: drag on the table' : 'Ruler', onclick: () => this.toggleRuler() }),
      h('a', { href: '/m/' + this.id + '/replay', class: 'small', text: 'replay' }));
  }

  victoryPoints() {
    if (this.fantasy) return this.snap.observation.points || null;
    for (let i = this.log.length - 1; i >= 0; i--) for (const e of this.log[i].events || []) if (e.kind === 'game-ended') return e.victoryPoints;
    return null;
  }

  // renderPrompt says what the window is, why this seat is in it and what
  // each choice does; and asks again before what cannot be undone.
  renderPrompt(snap, mine, aro) {
    const el = this.promptEl;
    el.className = 'panel prompt' + (mine ? ' mine' : '') + (aro ? ' aro' : '');
    if (snap.over) { put(el, h('h2', { text: 'The game is over' }), this.missionResult(), h('a', { href: '/m/' + this.id + '/replay', text: 'Replay it and check the dice' })); return; }
    const o = snap.observation.order;
    const declared = o ? who(o.trooper) + ' declared ' + skillText(o.first) + (o.second ? ' then ' + skillText(o.second) : '') + '.' : '';
    if (aro) {
      put(el, h('h2', { id: 'aro-prompt', text: 'ARO: your troopers may react' }),
        h('p', { class: 'small', id: 'prompt-why' }, declared + ' ',
          'Each of your troopers that sees it, or has it in its Zone of Control, may declare one Automatic Reaction Order: ',
          h('b', { text: [...this.highlight].map(who).join(', ') || 'none' }), ' (highlighted on the table). ',
          'Reacting is a choice, not a duty; the dice are rolled once the Order\'s second skill is declared.'));
      return;
    }
    const win = snap.prompt.window || '';
    if (!mine) {
      put(el, h('h2', { text: this.me ? 'Waiting for ' + (snap.prompt.seats || []).join(', ') : 'Watching' }),
        h('p', { class: 'small muted', id: 'prompt-why', text: (declared ? declared + ' ' : '') + (win ? windowName(win) + '.' : '') }));
      return;
    }
    put(el, h('h2', { text: windowTitle(win) }), h('p', { class: 'small', id: 'prompt-why', text: windowWhy(win, declared, this.snap.observation, this.me) }));
  }

  // renderMenu is the seat's menu as a player thinks: a trooper first (on
  // the table or in the roster), then its skills grouped — Move, Attack,
  // Hack, Other — each with its target, weapon, program or ammunition and
  // the exact odds beside it, under one choice of Order source. What may
  // not be declared is folded per trooper, its reasons a click away.
  // Windows that are not a trooper's choice of skill (Alert, Guts, the
  // new Lieutenant…) list their few entries as they come.
  renderMenu(mine) {
    const p = this.press;
    if (p && p.seq === this.snap.seq && p.el.isConnected && this.menuList.contains(p.el)) { this.menuDeferred = true; return; }
    const el = this.menuList;
    const menu = (this.me && this.snap.menu) || [];
    this.menuTitle.textContent = !this.me ? 'Spectating' : mine ? 'Menu · ' + (/^aro-/.test(this.snap.prompt.window || '') ? 'ARO: your troopers may react' : windowName(this.snap.prompt.window || '')) : 'Menu';
    if (!this.me) { this.setCompose(null); put(el, h('p', { class: 'muted small', text: 'Spectators see what is public: no Lieutenant, no hidden trooper, markers as markers.' })); this.legalButtons = []; return; }
    if (!mine || !menu.length) { this.setCompose(null); put(el, h('p', { class: 'muted small', text: 'Nothing to declare now.' })); this.legalButtons = []; return; }
    // A question asked before what cannot be undone takes the menu's place.
    const c = this.confirming;
    if (c) {
      this.setCompose(null);
      put(el, h('div', { class: 'confirm', id: 'confirm', role: 'alertdialog' }, h('p', { text: c.question }),
        h('button', { class: 'primary', id: 'confirm-yes', text: c.yes, onclick: () => { this.confirming = null; this.send(c.action); } }), ' ',
        h('button', { id: 'confirm-no', text: c.no, onclick: () => { this.confirming = null; this.render(); } }),
        h('div', { class: 'small muted', text: 'Enter: yes · Esc: no' })));
      this.legalButtons = [];
      return;
    }
    if (this.deploying()) { this.setCompose(null); put(el, this.deployPanel()); this.legalButtons = [...el.querySelectorAll('button:not([disabled])')]; return; }
    this.askOdds(menu, mine);
    const obs = this.snap.observation;
    const groups = new Map(), general = [];
    for (const item of menu) {
      const w = actorOf(item.action, obs);
      if (!w || !isSkillWindow(item.action)) { general.push(item); continue; }
      if (!groups.has(w)) groups.set(w, []);
      groups.get(w).push(item);
    }
    // One trooper to choose for (the second skill, a lone ARO): chosen.
    if (groups.size === 1 && !this.selected) this.selected = [...groups.keys()][0];
    if (this.selected && !groups.has(this.selected)) this.selected = null;
    const legal = [];
    const out = [];
    const planEl = this.plan ? this.planPanel() : null;
    if (this.selected) {
      out.push(this.trooperMenu(this.selected, groups.get(this.selected), legal, groups.size > 1));
    } else if (groups.size) {
      out.push(this.roster(groups, legal));
    }
    if (general.length) out.push(this.generalMenu(general, menu, legal));
    put(el, planEl, out);
    // The number keys pick the legal entries in the order shown.
    this.legalButtons = [...this.menuEl.querySelectorAll('button:not([disabled])')].filter(b => !b.closest('#route') && !b.closest('#compose') && !b.closest('details:not([open])'));
    this.legalButtons.forEach((b, i) => { if (i < 9) b.title = (b.title ? b.title + ' · ' : '') + 'key ' + (i + 1); });
  }

  // askOdds asks the odds of every roll the menu offers (attacks,
  // programs, Dodge, Reset, Discover, AROs), once the menu is drawn, and
  // draws the menu again with them.
  askOdds(menu, mine) {
    // The picked trooper's rolls first: a crowded menu has more than the
    // 64 one request prices, and the ones on screen come first.
    const obs = this.snap.observation, sel = this.selected;
    const rolls = menu.filter(m => !m.illegal && (this.fantasy ? FANTASY_ROLLS.has(m.action.kind) : rollsDice(m.action))).map(m => m.action);
    if (sel) rolls.sort((a, b) => (actorOf(b, obs) === sel) - (actorOf(a, obs) === sel));
    const missing = rolls.filter(a => !this.odds.has(JSON.stringify(a))).slice(0, 64);
    if (missing.length && (this.oddsAsked !== this.snap || this.oddsAskedFor !== sel)) {
      const snap = this.snap;
      this.oddsAsked = snap; this.oddsAskedFor = sel;
      this.oddsPending = (this.oddsPending || 0) + 1;
      setTimeout(() => this.fetchOdds(missing, snap).then(() => { this.oddsPending--; if (this.snap === snap) { this.renderMenu(mine); if (this.fantasy) this.drawBoard(); } }), 0);
    }
  }

  // roster lists the troopers the seat may act with: a button each, with
  // its states, and how many entries it has.
  roster(groups, legal) {
    const obs = this.snap.observation;
    const rows = [];
    for (const [id, items] of groups) {
      const tv = (obs.troopers || []).find(t => t.id === id) || {};
      const n = items.filter(i => !i.illegal).length;
      const b = h('button', { class: 'pick ' + (this.highlight.has(id) ? 'highlight' : ''), 'data-pick-trooper': id, disabled: !n, onclick: () => this.select(id),
        onmouseenter: () => this.showCard(tv), onmouseleave: () => this.showCard(this.cardPinned) },
        h('span', { class: 'name', text: who(id) }), tv.lieutenant ? h('span', { class: 'lt-mark', text: ' ★' }) : null,
        h('span', { class: 'small muted', text: ' ' + ((tv.states || []).filter(x => x !== 'Normal').join(', ') || '') + (tv.irregularOrders ? ' · Irregular' : '') }));
      if (n) legal.push(b);
      rows.push(b);
    }
    return h('div', { class: 'roster', id: 'roster' }, h('div', { class: 'small muted', text: this.highlight.size ? 'Pick a trooper to react with:' : 'Pick a ' + (this.fantasy ? 'unit' : 'trooper') + ' (here or on the table):' }), rows,
      this.aroComposer());
  }

  aroComposer() {
    const rows = this.aroRows(this.snap.menu || []);
    return rows.length > 1 ? h('div', { class: 'entry' }, h('button', { 'data-kind': 'compose', 'data-compose': 'aro', text: 'Combine AROs of several troopers…', onclick: () => this.openAROs(rows) })) : null;
  }

  // trooperMenu is one trooper's skills under the chosen Order source.
  trooperMenu(id, items, legal, back) {
    const obs = this.snap.observation;
    const tv = (obs.troopers || []).find(t => t.id === id) || {};
    const head = h('div', { class: 'trooper-head' },
      back ? h('button', { class: 'back', id: 'back', text: '‹ all', title: 'back to the roster (Esc)', onclick: () => this.select(null) }) : null,
      h('b', { class: seatClass(this.me), text: ' ' + who(id) }), tv.lieutenant ? ' ★' : '',
      h('span', { class: 'small muted', text: ' ' + (tv.states || []).join(', ') }));
    // The Order source: one choice, defaulted to what costs the least.
    const orders = [...new Set(items.filter(i => (i.action.kind === 'activate' || i.action.kind === 'interact') && i.action.order).map(i => i.action.order))];
    let order = this.orderChoice.get(id);
    if (!orders.includes(order)) order = defaultOrder(orders, items);
    const source = orders.length > 1 ? h('div', { class: 'order-source', role: 'radiogroup', 'aria-label': 'Order source' }, h('span', { class: 'small', text: 'Order: ' }),
      orders.map(o => h('label', { class: 'src' + (o === order ? ' on' : '') }, h('input', { type: 'radio', name: 'order-source', value: o, 'data-order-source': o, checked: o === order,
        onchange: () => { this.orderChoice.set(id, o); this.render(); } }), orderName(o)))) : orders.length === 1 ? h('div', { class: 'small muted', text: 'Order: ' + orderName(orders[0]) }) : null;
    const shown = items.filter(i => (i.action.kind !== 'activate' && i.action.kind !== 'interact') || !i.action.order || i.action.order === order);
    const cats = { Move: [], Attack: [], Hack: [], Objective: [], Other: [] };
    const greyed = [];
    const moves = new Map();
    for (const item of shown) {
      const a = item.action, k = skillOf(a);
      if ((k && k.name === 'move' && (a.kind === 'activate' || a.kind === 'second')) || (a.kind === 'dodge-move' && !a.stay)) {
        const key = a.kind === 'dodge-move' ? 'dodge-move' : a.kind + '/' + (a.order || '');
        if (!moves.has(key)) moves.set(key, []);
        moves.get(key).push(item);
        continue;
      }
      if (item.illegal) { greyed.push(item); continue; }
      cats[category(a)].push(item);
    }
    for (const [key, ms] of moves) {
      const any = ms.find(i => !i.illegal);
      const a = (any || ms[0]).action;
      if (!any) { greyed.push({ action: a, illegal: ms[0].illegal, label: 'Move' }); continue; }
      const label = key === 'dodge-move' ? 'Dodge movement: click where to on the table (up to 2″)' : 'Move: click the route on the table';
      const b = h('button', { 'data-kind': 'route', 'data-trooper': id, 'data-order': a.order, text: label, onclick: () => this.startRoute(a) });
      legal.push(b);
      cats.Move.unshift({ el: h('div', { class: 'entry' }, b) });
    }
    const sections = [];
    for (const [name, list] of Object.entries(cats)) {
      if (!list.length) continue;
      const sec = h('div', { class: 'cat', 'data-cat': name }, h('div', { class: 'cat-name', text: name }));
      if (name === 'Attack' || name === 'Hack') {
        // By target: the target once, then its weapons or programs.
        const byTarget = new Map();
        for (const item of list) { const k = skillOf(item.action) || {}; const t = k.target || ''; if (!byTarget.has(t)) byTarget.set(t, []); byTarget.get(t).push(item); }
        for (const [t, xs] of byTarget) {
          const box = h('div', { class: 'target', 'data-target': t }, t ? h('div', { class: 'target-name', text: 'on ' + who(t) }) : null);
          for (const item of xs) box.append(this.entry(item, legal, t ? 'short' : ''));
          sec.append(box);
        }
      } else {
        for (const item of list) sec.append(item.el || this.entry(item, legal));
      }
      if (name === 'Attack') {
        const splits = this.splitOptions(shown);
        if (splits.length) sec.append(h('div', { class: 'entry' }, h('button', { 'data-kind': 'compose', 'data-compose': 'split', 'data-trooper': id, text: 'Split the Burst between targets…', onclick: () => this.openSplit(id, splits) })));
      }
      sections.push(sec);
    }
    const folded = greyed.length ? h('details', { class: 'greyed', id: 'greyed' }, h('summary', { text: greyed.length + ' not possible now (why?)' }),
      dedupe(greyed).map(g => h('div', { class: 'why-row' }, h('span', { text: g.label || menuLabel(g.action) }), ': ', h('span', { class: 'why', text: g.illegal.message + (g.illegal.rule ? ' (' + g.illegal.rule + ')' : '') })))) : null;
    return h('div', { class: 'group', 'data-group': id }, head, source, sections, folded);
  }

  // generalMenu lists what is no one trooper's skill: the end of the
  // Orders Phase, no ARO, the Alert, Guts, appointment and Proxy choices.
  generalMenu(items, menu, legal) {
    const rows = [];
    const greyed = [];
    for (const item of items) {
      if (item.illegal) { greyed.push(item); continue; }
      const a = item.action;
      const undo = a.kind === 'end-orders' || (a.kind === 'aro' && !(a.declarations || []).length);
      rows.push(this.entry(item, legal, '', undo));
    }
    if (this.highlight.size && !this.selected) { /* the combiner is in the roster */ } else if (this.highlight.size) { const c = this.aroComposer(); if (c) rows.push(c); }
    return h('div', { class: 'group general', 'data-group': 'general' }, rows,
      greyed.length ? h('details', { class: 'greyed' }, h('summary', { text: greyed.length + ' not possible now (why?)' }),
        dedupe(greyed).map(g => h('div', { class: 'why-row' }, h('span', { text: menuLabel(g.action) }), ': ', h('span', { class: 'why', text: g.illegal.message + (g.illegal.rule ? ' (' + g.illegal.rule + ')' : '') })))) : null);
  }

  // confirmAction asks again before an action that cannot be undone.
  confirmAction(a) {
    if (a.kind === 'end-orders') {
      const army = (this.snap.observation.armies || []).find(x => x.seat === this.me) || {};
      const left = (army.groups || []).filter(g => g.pool > 0).map(g => g.pool + ' Order' + (g.pool === 1 ? '' : 's') + ' in group ' + g.name);
      if (army.lieutenantOrders) left.push(army.lieutenantOrders + ' Lieutenant Special Order');
      this.confirming = { action: a, question: 'End your Orders Phase now?' + (left.length ? ' You still have ' + left.join(', ') + ': unused, they are lost.' : '') + ' Your turn ends.', yes: 'Yes, end the Orders Phase', no: 'Keep playing' };
    } else {
      this.confirming = { action: a, question: 'Declare no ARO? ' + ([...this.highlight].map(who).join(', ') || 'Your troopers') + ' will not react to this skill.', yes: 'Yes, no ARO', no: 'Back' };
    }
    this.render();
    const y = document.getElementById('confirm-yes');
    if (y) y.focus();
  }

  entry(item, legal, short, confirm) {
    const a = item.action;
    const odds = this.odds.get(JSON.stringify(a));
    const illegal = item.illegal || (odds && odds.illegal);
    const label = short ? shortLabel(a) : menuLabel(a);
    const k0 = skillOf(a);
    const hover = k0 && k0.weapon ? () => { if (this.sightWeapon !== k0.weapon) { this.sightWeapon = k0.weapon; this.drawBoard(); } }
      : this.fantasy && a.unit && a.target ? () => { this.pointAt = [a.unit, a.target]; this.drawBoard(); } : null;
    const b = h('button', { 'data-kind': a.kind, 'data-action': JSON.stringify(a), disabled: !!illegal, text: label, onclick: () => confirm ? this.confirmAction(a) : this.send(a),
      onmouseenter: hover, onmouseleave: this.fantasy && hover ? () => { this.pointAt = null; this.drawBoard(); } : null });
    const row = h('div', { class: 'entry' }, b);
    if (illegal) row.append(h('span', { class: 'why', text: illegal.message + (illegal.rule ? ' (' + illegal.rule + ')' : '') }));
    else legal.push(b);
    const k = skillOf(a);
    if (k && k.name === 'hack' && k.program) row.append(programLine(k.program));
    if (odds && !illegal && this.fantasy) {
      const chart = fantasyOddsChart(odds, a);
      if (chart) row.append(chart);
    } else if (odds && !illegal) {
      const chart = oddsChart(odds);
      if (chart) row.append(chart);
      else if (odds.odds && !odds.odds.length && isAttackAction(a)) row.append(h('span', { class: 'why', 'data-role': 'no-roll', text: 'no roll to make: this attack would fail before any die is rolled (see its range bands on the profile card)' }));
    }
    return row;
  }

  // fetchOdds asks the odds of a menu's entries, for the state the menu
  // was drawn from: nothing once that state is gone (a fast opponent
  // moves on before the page asks or the answer comes).
  async fetchOdds(actions, snap) {
    if (this.snap.seq !== snap.seq) return;
    const want = actions.filter(a => !this.odds.has(JSON.stringify(a)));
    if (!want.length) return;
    try {
      const res = await this.preview(want, snap.seq);
      if (res) res.answers.forEach((ans, i) => this.odds.set(JSON.stringify(want[i]), ans));
    } catch (e) { /* the menu still works without odds */ }
  }

  // preview asks the odds endpoint about actions as of seq, the state the
  // page drew them from (the endpoint's check and odds, nothing applied):
  // null when the match has moved past it, an answer dropped silently.
  async preview(actions, seq) {
    const res = await api('POST', '/api/matches/' + this.id + '/odds', { seq, actions }, this.token);
    if (res.stale || seq !== this.snap.seq) { this.staleDropped++; return null; }
    return res;
  }

  // weaponCard is the weapon id of the trooper an action is for, as its
  // profile card shows it.
  weaponCard(a, id) {
    const obs = this.snap.observation;
    const actor = a.trooper || (obs.order || {}).trooper;
    const tv = (obs.troopers || []).find(t => t.id === actor);
    const p = tv && this.board.profiles[tv.profile];
    return p && (p.weapons || []).find(w => w.id === id);
  }

  // splitOptions lists the BS Attacks of one trooper's entries whose Burst
  // may be split between targets (BS Attack (N4)): each weapon and
  // ammunition with two or more legal targets and a Burst over 1, never a
  // Direct Template. The menu lists the whole Burst on each target; the
  // split is put together here and checked by the server as it is built.
  splitOptions(items) {
    const by = new Map();
    for (const item of items) {
      const a = item.action, k = a.skill;
      if (item.illegal || !k || k.name !== 'bs-attack' || !k.target || k.split || (a.kind !== 'activate' && a.kind !== 'second')) continue;
      const w = this.weaponCard(a, k.weapon);
      if (!w || w.template || w.burst < 2) continue;
      const key = JSON.stringify([a.kind, a.order || '', k.weapon, k.ammo || '', k.from === undefined ? null : k.from]);
      if (!by.has(key)) by.set(key, { base: a, weapon: w, targets: [] });
      if (!by.get(key).targets.includes(k.target)) by.get(key).targets.push(k.target);
    }
    return [...by.values()].filter(o => o.targets.length > 1);
  }

  // aroRows lists, for each trooper that may react, the AROs the menu
  // offers it alone (Order Expenditure Sequence (N4): each eligible trooper
  // declares one ARO or none).
  aroRows(menu) {
    const rows = new Map();
    for (const m of menu) {
      const ds = m.action.declarations;
      if (m.illegal || m.action.kind !== 'aro' || !ds || ds.length !== 1) continue;
      if (!rows.has(ds[0].trooper)) rows.set(ds[0].trooper, []);
      rows.get(ds[0].trooper).push(ds[0]);
    }
    return [...rows].map(([trooper, decls]) => ({ trooper, decls }));
  }

  // setCompose shows a composer (or none) above the menu, and checks what
  // it holds.
  setCompose(c) {
    if (this.compose === c) return;
    this.compose = c;
    if (c) this.plan = null;
    put(this.composeHost, c ? c.el : null);
    // On a small screen the menu scrolls: bring the composer into view.
    if (c) { c.el.scrollIntoView({ block: 'nearest' }); this.checkCompose(); }
  }

  composer(kind, title, fields, c) {
    c.stamp = 0;
    c.status = h('div', { id: 'compose-check', class: 'muted small' });
    c.oddsEl = h('div', { id: 'compose-odds' });
    c.declare = h('button', { class: 'primary', id: 'compose-declare', disabled: true, text: 'Declare', onclick: () => this.send(c.action) });
    c.el = h('div', { class: 'panel compose', id: 'compose', 'data-compose': kind }, h('b', { text: title }), fields, c.status, c.oddsEl,
      h('div', {}, c.declare, ' ', h('button', { text: 'Cancel', onclick: () => this.setCompose(null) })));
    return c;
  }

  // openSplit builds a split Burst: a weapon, then the dice on each
  // target, spread evenly to begin with.
  openSplit(actor, options) {
    const c = { type: 'split' };
    const sel = h('select', { id: 'split-weapon', 'aria-label': 'weapon' }, options.map((o, i) => h('option', { value: i, text: weaponLabel(o.weapon, o.base.skill.ammo) })));
    const inputs = h('div', { class: 'split-targets' });
    const sum = h('div', { id: 'split-sum', class: 'small' });
    const fill = () => {
      const o = options[+sel.value];
      const dice = new Map(o.targets.map(t => [t, 0]));
      for (let i = 0; i < o.weapon.burst; i++) dice.set(o.targets[i % o.targets.length], dice.get(o.targets[i % o.targets.length]) + 1);
      c.option = o; c.dice = dice;
      put(inputs, o.targets.map(t => h('label', { class: 'split-target' }, who(t) + ' ',
        h('input', { type: 'number', min: 0, max: o.weapon.burst, value: dice.get(t), 'data-target': t, 'aria-label': 'dice on ' + t,
          oninput: ev => { c.dice.set(t, Math.max(0, Math.floor(+ev.target.value) || 0)); update(); } }))));
    };
    const update = () => {
      const n = [...c.dice.values()].reduce((x, y) => x + y, 0);
      sum.textContent = n + ' of B' + c.option.weapon.burst + ' assigned';
      this.checkCompose();
    };
    c.build = () => {
      const o = c.option;
      const skill = { ...o.base.skill, split: o.targets.filter(t => c.dice.get(t) > 0).map(t => ({ target: t, dice: c.dice.get(t) })) };
      delete skill.target;
      return { ...o.base, skill };
    };
    sel.addEventListener('change', () => { fill(); update(); });
    fill();
    this.composer('split', 'Split the Burst of ' + who(actor), [h('div', {}, sel), inputs, sum], c);
    sum.textContent = [...c.dice.values()].reduce((x, y) => x + y, 0) + ' of B' + c.option.weapon.burst + ' assigned';
    this.setCompose(c);
  }

  // openAROs puts together one ARO (or none) for each trooper that may
  // react, sent as one declaration.
  openAROs(rows) {
    const c = { type: 'aro' };
    const picks = rows.map(() => -1);
    const fields = rows.map((r, i) => h('label', { class: 'aro-row' }, h('span', { class: seatClass(this.me), text: who(r.trooper) + ' ' }),
      h('select', { 'data-trooper': r.trooper, 'aria-label': 'the ARO of ' + r.trooper, onchange: ev => { picks[i] = +ev.target.value; this.checkCompose(); } },
        h('option', { value: -1, text: 'no ARO' }), r.decls.map((d, j) => h('option', { value: j, text: skillText(d.skill) })))));
    c.build = () => ({ kind: 'aro', declarations: rows.flatMap((r, i) => picks[i] < 0 ? [] : [r.decls[picks[i]]]) });
    this.composer('aro', 'AROs of several troopers', fields, c);
    this.setCompose(c);
  }

  // checkCompose asks the server whether the composed action is legal now,
  // with its odds (the same check the action would meet); Declare is
  // enabled only for a legal one.
  async checkCompose(tries) {
    const c = this.compose;
    if (!c) return;
    const a = c.build();
    c.action = a;
    c.declare.disabled = true;
    c.status.className = 'muted small'; c.status.textContent = 'Checking…';
    const stamp = ++c.stamp;
    try {
      const res = await this.preview([a], this.snap.seq);
      if (this.compose !== c || stamp !== c.stamp) return;
      if (!res) { if ((tries || 0) < 3) this.checkCompose((tries || 0) + 1); return; }
      const ans = res.answers[0];
      clear(c.oddsEl);
      if (ans.illegal) { c.status.className = 'err small'; c.status.textContent = ans.illegal.message + (ans.illegal.rule ? ' (' + ans.illegal.rule + ')' : ''); return; }
      c.status.className = 'ok small'; c.status.textContent = 'Legal: ' + actionText(a);
      c.declare.disabled = false;
      const chart = oddsChart(ans);
      if (chart) c.oddsEl.append(chart);
    } catch (e) {
      if (this.compose === c && stamp === c.stamp) { c.status.className = 'err small'; c.status.textContent = e.message; }
    }
  }

  startRoute(template) {
    const obs = this.snap.observation;
    const trooper = template.trooper || (obs.order || {}).trooper;
    const model = obs.models.find(m => m.trooper === trooper);
    const tv = obs.troopers.find(t => t.id === trooper);
    const prof = tv && this.board.profiles[tv.profile];
    let limit = prof ? prof.mov[template.kind === 'second' ? 1 : 0] : null;
    if (template.kind === 'dodge-move') limit = 2;
    const start = template.kind === 'second' && obs.order && obs.order.path.length ? obs.order.path[obs.order.path.length - 1] : model.at;
    this.setCompose(null);
    this.selected = trooper;
    this.plan = { template, start, points: [start], limit, state: 'unknown', why: '' };
    this.render();
  }

  planAction() {
    const p = this.plan, t = p.template, route = p.points.slice(1);
    if (t.kind === 'dodge-move') return { kind: 'dodge-move', trooper: t.trooper, to: route[route.length - 1], facing: t.facing || 0 };
    const skill = { name: 'move', route };
    return t.kind === 'second' ? { kind: 'second', skill } : { kind: 'activate', trooper: t.trooper, order: t.order, skill };
  }

  planPanel() {
    const p = this.plan;
    let len = 0;
    for (let i = 1; i < p.points.length; i++) len += Math.hypot(p.points[i][0] - p.points[i - 1][0], p.points[i][1] - p.points[i - 1][1]);
    return h('div', { class: 'route panel', id: 'route' },
      h('div', {}, h('b', { text: 'Route for ' + who(this.selected) + ': ' }), h('span', { id: 'route-length', text: num(len) + '″' + (p.limit ? ' of MOV ' + p.limit + '″' : '') })),
      h('div', { id: 'route-check', class: p.state === 'illegal' ? 'err' : p.state === 'legal' ? 'ok' : 'muted', text: p.points.length < 2 ? 'Click the table to add points.' : p.state === 'legal' ? 'Legal.' : p.state === 'illegal' ? p.why : 'Checking…' }),
      h('div', {}, h('button', { class: 'primary', id: 'declare-route', disabled: p.state !== 'legal', text: 'Declare', onclick: () => this.send(this.planAction()) }), ' ',
        h('button', { text: 'Undo point', onclick: () => this.undoPoint() }), ' ', h('button', { text: 'Cancel', onclick: () => { this.plan = null; this.render(); } })));
  }

  boardClick(ev) {
    if (this.rulerOn && !this.plan) return;
    if (this.deploying() && this.deploy && this.deploy.pick) { this.place(boardPoint(this.svg, ev)); return; }
    // A tap on the table away from any model puts the profile card away.
    if (!this.plan) { this.cardPinned = null; this.showCard(null); return; }
    this.plan.points.push(boardPoint(this.svg, ev));
    this.checkPlan();
  }
  undoPoint() { if (this.plan && this.plan.points.length > 1) { this.plan.points.pop(); this.checkPlan(); } }

  // checkPlan asks the server whether the route is legal now, with the
  // rule that refuses it (the same check the action would meet).
  async checkPlan(tries) {
    const p = this.plan;
    p.state = 'unknown';
    this.render();
    if (p.points.length < 2) return;
    const a = this.planAction();
    const stamp = (this.planStamp = (this.planStamp || 0) + 1);
    try {
      const res = await this.preview([a], this.snap.seq);
      if (stamp !== this.planStamp || this.plan !== p) return;
      if (!res) { if ((tries || 0) < 3) this.checkPlan((tries || 0) + 1); return; }
      const ill = res.answers[0].illegal;
      p.state = ill ? 'illegal' : 'legal';
      p.why = ill ? ill.message + (ill.rule ? ' (' + ill.rule + ')' : '') : '';
    } catch (e) { p.state = 'illegal'; p.why = e.message; }
    this.render();
  }

  // send posts an action. The round trip ends when the page has drawn
  // the state after it, which the WebSocket usually brings before the
  // POST's answer: any state past the seq the action was sent at follows
  // it, since the server refuses an action sent at a stale seq.
  async send(action) {
    const t0 = performance.now();
    this.trip = { t0 };
    const id = 'w' + Date.now().toString(36) + Math.random().toString(36).slice(2, 8);
    const seq = this.snap.seq;
    const rendered = new Promise(resolve => { this.pending = { seq, resolve }; });
    let res;
    try {
      res = await api('POST', '/api/matches/' + this.id + '/actions', { seq, id, action }, this.token);
    } catch (e) {
      this.pending = null;
      this.flash(e);
      return;
    }
    this.trip.post = +(performance.now() - t0).toFixed(1);
    document.body.dataset.lastPost = this.trip.post.toFixed(1);
    if (this.snap.seq < res.seq) {
      // The feed brings the new state; should it be down, ask for it.
      const late = setTimeout(() => { if (this.pending) this.catchUp(); }, 1500);
      await rendered;
      clearTimeout(late);
    }
    document.body.dataset.lastTrip = JSON.stringify(this.trip);
  }

  flash(e) {
    const msg = h('p', { class: 'err', id: 'error', text: e.message + (e.rule ? ' (' + e.rule + ')' : '') });
    this.promptEl.append(msg);
    setTimeout(() => msg.remove(), 6000);
    if (e.code === 'stale-seq') this.catchUp();
  }

  async catchUp() {
    const page = await api('GET', '/api/matches/' + this.id + '/log?from=' + this.log.length, undefined, this.token);
    for (const e of page.entries) if (e.seq === this.log.length) this.log.push(e);
    this.setSnap(await api('GET', '/api/matches/' + this.id, undefined, this.token));
  }

  key(ev) {
    if (ev.target.closest && ev.target.closest('input, select, textarea')) return;
    if (this.confirming) {
      if (ev.key === 'Escape' || ev.key === 'n' || ev.key === 'N') { this.confirming = null; this.render(); ev.preventDefault(); return; }
      if (ev.key === 'Enter' || ev.key === 'y' || ev.key === 'Y') { const a = this.confirming.action; this.confirming = null; this.send(a); ev.preventDefault(); }
      return;
    }
    if (ev.key === 'Escape' && this.plan) { this.plan = null; this.render(); ev.preventDefault(); return; }
    if (ev.key === 'Escape' && this.compose) { this.setCompose(null); ev.preventDefault(); return; }
    if (ev.key === 'Escape' && this.selected) { this.select(null); ev.preventDefault(); return; }
    if (ev.key === 'Enter' && this.plan && this.plan.state === 'legal') { this.send(this.planAction()); ev.preventDefault(); return; }
    if (ev.key === 'Backspace' && this.plan) { this.undoPoint(); ev.preventDefault(); return; }
    const menu = this.me ? this.snap.menu || [] : [];
    // E and N ask first, as their buttons do: neither can be undone.
    const ask = pred => { const m = menu.find(x => !x.illegal && pred(x.action)); if (m) { this.confirmAction(m.action); ev.preventDefault(); } };
    if (ev.key === 'e' || ev.key === 'E') ask(a => a.kind === 'end-orders');
    if (ev.key === 'n' || ev.key === 'N') ask(a => a.kind === 'aro' && !(a.declarations || []).length);
    if (/^[1-9]$/.test(ev.key) && this.legalButtons) { const b = this.legalButtons[+ev.key - 1]; if (b) { b.click(); ev.preventDefault(); } }
  }

  // ---------- missions: deployment, the mission panel, the result ----------

  // deploying: this seat deploys now (Initiative and Deployment (N4)).
  deploying() {
    const snap = this.snap;
    return !!(this.me && !snap.over && snap.prompt.window === 'deployment' && (snap.prompt.seats || []).includes(this.me));
  }

  // toDeploy lists the seat's troopers still off the table and not held
  // in reserve: the ones it places in the Deployment Phase.
  toDeploy() {
    const obs = this.snap.observation;
    const models = new Map((obs.models || []).map(m => [m.id, m]));
    return (obs.troopers || []).filter(t => t.seat === this.me && !(t.states || []).includes('In reserve') &&
      (t.models || []).length && t.models.every(id => (models.get(id) || {}).removed));
  }

  // facingToEnemy is the facing from a point toward the middle of the
  // enemy's Deployment Zone (or the table's middle): the default, since
  // a trooper deploys to face the fight.
  facingToEnemy(at) {
    const zones = seatZones(this.board, this.snap.observation);
    const enemy = Object.keys(zones).find(x => x !== this.me);
    const z = enemy && zones[enemy];
    const to = z ? [(z[0][0] + z[1][0]) / 2, (z[0][1] + z[1][1]) / 2] : [this.board.width / 2, this.board.height / 2];
    return ((Math.round(Math.atan2(to[1] - at[1], to[0] - at[0]) * 180 / Math.PI) % 360) + 360) % 360;
  }

  pickDeploy(id) {
    if (!this.deploy) this.deploy = { open: null, hidden: [], pick: null, state: 'unknown', why: '' };
    this.deploy.pick = this.deploy.pick === id ? null : id;
    this.render();
  }

  // place puts the picked trooper where the table was clicked, facing
  // the enemy, and asks the engine whether the deployment would stand.
  place(at) {
    const d = this.deploy, id = d.pick;
    const tv = (this.snap.observation.troopers || []).find(t => t.id === id);
    if (!tv) return;
    const m = (this.snap.observation.models || []).find(x => x.trooper === id) || {};
    const p = { trooper: id, at, facing: this.facingToEnemy(at), s: m.s, hidden: (tv.states || []).includes('Hidden Deployment') };
    if (p.hidden) d.hidden = [...d.hidden.filter(x => x.trooper !== id), p];
    else d.open = p;
    this.checkDeploy();
  }

  rotate(by) {
    const d = this.deploy;
    if (!d) return;
    const p = [d.open, ...d.hidden].find(x => x && x.trooper === d.pick) || d.open;
    if (!p) return;
    p.facing = (((p.facing + by) % 360) + 360) % 360;
    this.checkDeploy();
  }

  deployAction() {
    const d = this.deploy;
    if (!d || (!d.open && !d.hidden.length)) return null;
    const a = { kind: 'deploy', trooper: d.open ? d.open.trooper : '', at: d.open ? d.open.at : [0, 0], facing: d.open ? d.open.facing : 0 };
    if (d.hidden.length) a.hidden = d.hidden.map(x => ({ trooper: x.trooper, at: x.at, facing: x.facing }));
    return a;
  }

  // checkDeploy asks the engine (the odds endpoint's preview) whether the
  // deployment would be accepted now, and why not.
  async checkDeploy(tries) {
    const d = this.deploy, a = this.deployAction();
    d.state = 'unknown'; d.why = '';
    this.render();
    if (!a) return;
    const stamp = (d.stamp = (d.stamp || 0) + 1);
    try {
      const res = await this.preview([a], this.snap.seq);
      if (this.deploy !== d || d.stamp !== stamp) return;
      if (!res) { if ((tries || 0) < 3) this.checkDeploy((tries || 0) + 1); return; }
      const ill = res.answers[0].illegal;
      d.state = ill ? 'illegal' : 'legal';
      d.why = ill ? ill.message + (ill.rule ? ' (' + ill.rule + ')' : '') : '';
    } catch (e) { if (this.deploy === d) { d.state = 'illegal'; d.why = e.message; } }
    this.render();
  }

  // deployPanel lists the troopers to deploy; a pick, then a click on the
  // table, places one; the arrows turn it; Deploy sends what is placed.
  deployPanel() {
    const d = this.deploy || { open: null, hidden: [], pick: null, state: 'unknown', why: '' };
    const pg = (this.snap.observation.mission || {}).preGame || {};
    const left = this.toDeploy();
    const placed = id => [d.open, ...d.hidden].find(x => x && x.trooper === id);
    const rows = left.map(t => {
      const hidden = (t.states || []).includes('Hidden Deployment'), marker = !!t.label;
      const p = placed(t.id);
      return h('button', { class: 'pick' + (d.pick === t.id ? ' on' : ''), 'data-deploy-trooper': t.id, 'aria-pressed': d.pick === t.id ? 'true' : 'false', onclick: () => this.pickDeploy(t.id),
        onmouseenter: () => this.showCard(t), onmouseleave: () => this.showCard(this.cardPinned) },
        h('span', { class: 'name', text: who(t.id) }), t.lieutenant ? h('span', { class: 'lt-mark', text: ' ★' }) : null,
        hidden ? h('span', { class: 'small private', text: ' Hidden Deployment: only you see it' }) : marker ? h('span', { class: 'small muted', text: ' deploys as a marker (' + (t.states || []).join(', ') + ')' }) : null,
        p ? h('span', { class: 'small ok', text: ' placed at ' + pt(p.at) + ', ' + deg(p.facing) }) : null);
    });
    const a = this.deployAction();
    const pick = d.pick ? 'Click the table inside your Deployment Zone to place ' + who(d.pick) + '.' : 'Pick a trooper to place.';
    return h('div', { class: 'deploy', id: 'deploy' },
      h('div', { class: 'small', id: 'deploy-stage', text: (pg.stage < 2 ? 'Your first deployment: all your troopers but one.' : 'Your last deployment.') + ' ' + left.length + ' to place.' }),
      h('div', { class: 'roster', id: 'deploy-roster' }, rows),
      h('div', { class: 'small', id: 'deploy-pick', text: pick }),
      h('div', { class: 'small' }, 'Facing: ', h('button', { id: 'rotate-left', title: 'turn 45° anticlockwise', disabled: !a, text: '⟲ 45°', onclick: () => this.rotate(-45) }), ' ',
        h('button', { id: 'rotate-right', title: 'turn 45° clockwise', disabled: !a, text: '⟳ 45°', onclick: () => this.rotate(45) })),
      h('div', { id: 'deploy-check', class: 'small ' + (d.state === 'illegal' ? 'err' : d.state === 'legal' ? 'ok' : 'muted'),
        text: !a ? 'Nothing placed yet.' : d.state === 'legal' ? 'The engine accepts: ' + deployText(a) : d.state === 'illegal' ? 'Refused: ' + d.why : 'Checking…' }),
      h('div', {}, h('button', { class: 'primary', id: 'deploy-send', disabled: d.state !== 'legal', text: 'Deploy', onclick: () => this.send(a) }), ' ',
        h('button', { id: 'deploy-clear', disabled: !a, text: 'Clear', onclick: () => { this.deploy = null; this.render(); } })));
  }

  // renderMission is the mission panel: each side's OP, the round, the
  // objectives with who holds them, the Designated Targets, and the
  // Classified Objectives as this viewer may know them.
  renderMission(obs, snap) {
    const ms = obs.mission, el = this.missionEl;
    el.hidden = !ms;
    if (!ms) return;
    const seats = (obs.armies || []).map(a => a.seat);
    const pg = ms.preGame;
    const lines = [];
    lines.push(h('div', { class: 'op-line' }, seats.map((seat, i) => [i ? ' · ' : '', h('b', { class: seatClass(seat), text: seat + (seat === this.me ? ' (you)' : '') + ' ' }),
      h('span', { class: 'op', 'data-op': seat, text: String((ms.op || {})[seat] || 0) }), ' OP']),
      h('span', { class: 'muted' }, ' · ', pg ? 'pre-game' : 'Round ' + obs.round + ' of ' + obs.rounds)));
    if (pg) {
      const said = [];
      if (pg.winner) said.push(pg.winner + ' won the Initiative Roll');
      if (pg.kept) said.push(pg.winner + ' kept ' + (pg.kept === 'initiative' ? 'Initiative' : 'Deployment'));
      if (pg.firstTurn) said.push(pg.firstTurn + ' plays the first Player Turn');
      if (pg.deployFirst) said.push(pg.deployFirst + ' deploys first');
      lines.push(h('div', { class: 'small', id: 'pregame', text: said.join('; ') + '.' }));
    }
    const cls = ms.classified || {};
    if ((ms.deck || []).length) {
      lines.push(h('div', { class: 'small', id: 'classified' }, h('b', { text: 'Classified Objectives: ' }), seats.map((seat, i) => {
        const c = cls[seat];
        const text = !c ? 'not picked yet' : c.objective ? cardName(c.objective) + (seat === this.me && !c.revealed ? ' (' + cardText(CARDS.get(c.objective)) + '; secret)' : '') + (c.revealed ? ', scored and revealed' : seat === this.me ? ', not scored yet' : '') : 'picked, secret until it scores';
        return [i ? ' · ' : '', h('span', { class: seatClass(seat), text: seat + ': ' }), h('span', { 'data-classified': seat, text }) ];
      })));
    }
    const obj = ms.objectives || [];
    const targets = Object.entries(ms.targets || {});
    lines.push(h('div', { class: 'legend small', id: 'legend' },
      obj.some(o => o.kind === 'console') ? h('span', {}, h('span', { class: 'sw sw-console' }), ' console: a Specialist Troop in base contact activates it (WIP Roll) ') : null,
      obj.some(o => o.kind === 'zone') ? h('span', {}, h('span', { class: 'sw sw-zone' }), ' zone: controlled by more points of troopers inside ') : null,
      targets.length ? h('span', {}, h('span', { class: 'sw sw-target' }), ' Designated Target' + (targets.length ? ': ' + targets.map(([seat, id]) => seat + "'s " + who(id)).join(', ') : '') + ' ') : null));
    if (obj.length) lines.push(h('div', { class: 'small', id: 'objectives' }, obj.map((o, i) => [i ? ' · ' : '', h('span', { 'data-objective-row': o.id, text: o.name + ': ' + (o.holder ? (o.kind === 'zone' ? 'controlled by ' : 'held by ') + o.holder : 'nobody') })])));
    put(el, h('h2', { text: 'Mission: ' + ms.name }), lines);
  }

  // missionResult names the winner by OP, then the tie-breaker, then
  // Victory Points, as the engine decided it (docs/MISSIONS.md).
  missionResult() {
    const obs = this.snap.observation, ms = obs.mission;
    if (!ms || this.snap.outcome) return null;
    const seats = (obs.armies || []).map(a => a.seat);
    const op = seats.map(x => x + ' ' + ((ms.op || {})[x] || 0));
    const [a, b] = seats.map(x => (ms.op || {})[x] || 0);
    let how = '';
    if (a !== b) how = 'by Objective Points (' + op.join(', ') + ')';
    else {
      const kind = ms.tieBreaker === 'zones' ? 'zone' : ms.tieBreaker === 'consoles' ? 'console' : '';
      const count = seat => (ms.objectives || []).filter(o => o.kind === kind && o.holder === seat).length;
      const vp = this.victoryPoints() || {};
      if (kind && count(seats[0]) !== count(seats[1])) how = 'on the tie-breaker, ' + (kind === 'zone' ? 'zones controlled' : 'consoles held') + ' (' + seats.map(x => x + ' ' + count(x)).join(', ') + '), Objective Points being level (' + op.join(', ') + ')';
      else how = 'on Victory Points (' + seats.map(x => x + ' ' + (vp[x] || 0)).join(', ') + '), Objective Points being level (' + op.join(', ') + ')' + (kind ? ' and the tie-breaker too' : '');
    }
    return h('p', { id: 'result', 'data-role': 'winner', 'data-winner': ms.winner || '' }, ms.winner ? [h('b', { class: seatClass(ms.winner), text: ms.winner + ' wins' }), ' ' + how + '.'] : 'A draw: ' + how.replace(/^on /, '') + '.');
  }

  renderDice() {
    // The last resolution: every roll with its dice, SV and MODs,
    // Criticals, Saving Rolls and the states applied.
    let last = null;
    for (let i = this.log.length - 1; i >= 0 && !last; i--) if ((this.log[i].events || []).some(e => e.kind === 'rolled' || e.kind === 'saved')) last = this.log[i];
    if (!last) { put(this.diceEl, h('h2', { text: 'Dice' }), h('p', { class: 'muted small', text: 'No roll yet.' })); return; }
    const rows = [];
    for (const e of last.events) {
      if (e.kind === 'rolled') {
        rows.push(h('div', { class: 'roll' }, h('b', { text: who(e.trooper) + ' ' + skillName(e.skill) }), ' ', h('span', { class: 'small muted', text: e.roll === 'face-to-face' ? 'Face to Face vs ' + who(e.against) : 'Normal Roll' }),
          h('span', { class: 'small', text: ' SV ' + svText(e.sv) }),
          h('div', {}, (e.dice || []).map(d => h('span', { class: 'die ' + (d.critical ? 'critical' : d.cancelled ? 'cancelled' : d.success ? 'success' : 'fail'), title: d.critical ? 'Critical' : d.cancelled ? 'cancelled by the other side' : d.success ? 'success' : 'failure', text: d.template ? 'T' : d.result })), ' → ' + rollResult(e))));
      } else if (e.kind === 'saved') {
        rows.push(h('div', { class: 'roll' }, h('b', { text: who(e.trooper) + ' Saving Rolls' }), h('span', { class: 'small', text: ' vs ' + who(e.from) + ', ' + e.ammo + ', Attack Damage ' + e.attackDamage + ' (fails on ' + e.attackDamage + ' or less)' }),
          h('div', {}, (e.faces || []).map(f => h('span', { class: 'die ' + (f <= e.attackDamage ? 'save-fail' : 'success'), text: f })), ' → ' + e.failed + ' failed')));
      } else if (e.kind === 'wounded' || e.kind === 'state-changed' || e.kind === 'became-idle') {
        rows.push(h('div', { class: 'small', text: eventText(e) }));
      }
    }
    put(this.diceEl, h('h2', { text: 'Dice (entry #' + last.seq + ')' }), rows);
  }

  // renderLog appends the entries not yet drawn (the log only grows). An
  // entry is one line: the declaration its first event makes, or the
  // action, then what followed.
  renderLog() {
    const el = this.logList;
    if (this.drawn.log > this.log.length || this.drawn.log < 0) { clear(el); this.drawn.log = 0; }
    for (const e of this.log.slice(this.drawn.log)) {
      const evs = e.events || [];
      const declares = evs.length && ['order-spent', 'second-declared', 'aros-declared', 'initiative-rolled', 'chosen', 'classified-chosen', 'deployed', 'interacted'].includes(evs[0].kind);
      const head = declares ? eventText(evs[0]) : e.action ? actionText(e.action) : '(not shown to you)';
      el.append(h('div', { class: 'e', 'data-seq': e.seq }, h('span', { class: 'muted', text: '#' + e.seq + ' ' }), h('span', { class: seatClass(e.seat), text: e.seat }), ': ' + head,
        evs.slice(declares ? 1 : 0).map(ev => h('div', { class: 'ev', text: eventText(ev) }))));
    }
    this.drawn.log = this.log.length;
    // Scrolled to the newest once laid out, not in the middle of drawing.
    requestAnimationFrame(() => { el.scrollTop = el.scrollHeight; });
  }

  // renderArmies is the Orders and Command Tokens of each side, one line
  // each: what a player checks before every Order.
  renderArmies(obs) {
    if (this.fantasy) {
      const units = Object.values(obs.units || {});
      put(this.armiesEl, h('div', { class: 'armies' }, SEAT_ORDER.map(seat => h('div', { 'data-army': seat },
        h('b', { class: seatClass(seat), text: seat + (seat === this.me ? ' (you)' : '') }), ': ',
        units.filter(u => u.seat === seat && u.models > 0).length + ' units on the table · ' + ((obs.points || {})[seat] || 0) + ' points won'))));
      return;
    }
    put(this.armiesEl, h('div', { class: 'armies' }, (obs.armies || []).map(a => h('div', { 'data-army': a.seat },
      h('b', { class: seatClass(a.seat), text: a.seat + (a.seat === this.me ? ' (you)' : '') }), a.lossOfLieutenant ? h('span', { class: 'err', text: ' Loss of Lieutenant' }) : null, ': ',
      h('span', { 'data-role': 'orders', text: (a.groups || []).map(g => (a.groups.length > 1 ? 'group ' + g.name + ' ' : '') + g.pool + ' Order' + (g.pool === 1 ? '' : 's')).join(', ') }),
      a.lieutenantOrders ? ' + ' + a.lieutenantOrders + ' Lieutenant' : '',
      (obs.troopers || []).some(t => t.seat === a.seat && t.irregularOrders) ? ' + ' + (obs.troopers || []).filter(t => t.seat === a.seat).reduce((n, t) => n + (t.irregularOrders || 0), 0) + ' Irregular' : '',
      ' · ', h('span', { 'data-role': 'command-tokens', text: a.commandTokens + ' Command Token' + (a.commandTokens === 1 ? '' : 's') })))));
  }
}

// actorOf is the trooper an action is for: the one activated, the one
// reacting alone, the Order's trooper for its second skill.
function actorOf(a, obs) {
  if (a.trooper) return a.trooper;
  if (a.unit) return a.unit;
  if (a.declarations && a.declarations.length === 1) return a.declarations[0].trooper;
  if (a.kind === 'second') return (obs.order || {}).trooper || null;
  return null;
}
// isSkillWindow: the action is a trooper's skill (an Order, a second
// skill, an ARO, a Dodge movement), chosen in the trooper's menu.
const isSkillWindow = a => !!a.unit || a.kind === 'activate' || a.kind === 'interact' || a.kind === 'second' || (a.kind === 'aro' && (a.declarations || []).length === 1) || a.kind === 'dodge-move' || a.kind === 'transfer';
function category(a) {
  if (a.kind === 'interact') return 'Objective';
  const k = skillOf(a);
  if (!k) return 'Other';
  if (k.name === 'hack') return 'Hack';
  if (k.name === 'bs-attack' || k.name === 'cc-attack' || k.name === 'suppressive-fire') return 'Attack';
  if (k.name === 'move' || k.name === 'combat-jump') return 'Move';
  return 'Other';
}
// defaultOrder: the trooper's own Irregular Order first, then a Regular
// one; the Lieutenant Special Order only when chosen (spending it tells
// the opponent who the Lieutenant is).
function defaultOrder(orders) {
  for (const o of ['irregular', 'impetuous', 'regular']) if (orders.includes(o)) return o;
  return orders[0];
}
function dedupe(greyed) {
  const seen = new Set();
  return greyed.filter(g => { const k = (g.label || menuLabel(g.action)) + '|' + g.illegal.message; if (seen.has(k)) return false; seen.add(k); return true; });
}
function skillOf(a) {
  if (a.skill) return a.skill;
  if (a.declarations && a.declarations.length === 1) return a.declarations[0].skill;
  return null;
}
function isAttackAction(a) {
  if (a.kind === 'aro') return (a.declarations || []).some(d => d.skill.name === 'bs-attack' || d.skill.name === 'cc-attack' || d.skill.name === 'hack');
  const k = a.skill;
  return !!k && (k.name === 'bs-attack' || k.name === 'cc-attack' || k.name === 'hack') && (a.kind === 'activate' || a.kind === 'second');
}
// rollsDice: the menu asks the odds of these (the server answers an
// empty list where nothing is rolled).
function rollsDice(a) {
  if (a.kind === 'aro') return (a.declarations || []).length > 0;
  if (a.kind === 'interact') return true;
  const k = a.skill;
  return !!k && (a.kind === 'activate' || a.kind === 'second') && ['bs-attack', 'cc-attack', 'hack', 'discover'].includes(k.name);
}
function menuLabel(a) {
  switch (a.kind) {
    case 'activate': return skillText(a.skill);
    case 'second': return skillText(a.skill);
    case 'aro': return !a.declarations || !a.declarations.length ? 'No ARO' : a.declarations.length === 1 ? skillText(a.declarations[0].skill) : 'All: ' + a.declarations.map(d => who(d.trooper) + ' ' + skillName(d.skill.name)).join(', ');
    case 'end-orders': return 'End the Orders Phase';
    case 'alert': return (a.turns || []).length ? 'Turn ' + a.turns.map(t => who(t.trooper) + ' to ' + deg(t.facing)).join(', ') + ' (to face the attacker)' : 'Do not turn';
    case 'guts-move': return a.stay && a.prone ? who(a.trooper) + ': stay and go Prone' : a.stay ? who(a.trooper) + ': stay where it is' : who(a.trooper) + ': move to ' + pt(a.to);
    case 'dodge-move': return a.stay ? 'Stay (no Dodge movement)' : 'Dodge to ' + pt(a.to);
    case 'appoint': return 'Appoint ' + who(a.trooper) + ' Lieutenant';
    case 'transfer': return 'Command Token: move to group ' + a.group;
    case 'strategic-use': return strategicText(a);
    case 'move-token': return a.proxy ? 'Move the Active Proxy Token to ' + who(a.proxy) : 'Leave the Active Proxy Token';
    case 'choose': return chooseLabel(a);
    case 'choose-classified': { const c = CARDS.get(a.objective); return cardName(a.objective) + (c ? ': ' + cardText(c) : ''); }
    case 'interact': return 'Activate ' + who(a.objective) + ' (WIP Roll)';
    case 'deploy': return 'Deploy ' + deployText(a).replace(/^deploys /, '');
  }
  if (a.unit) return genericText(a, true);
  return actionText(a);
}
// chooseLabel is an Initiative and Deployment choice as a menu entry.
function chooseLabel(a) {
  const t = window.ordo && window.ordo.snap ? window.ordo : null;
  const pg = t && t.snap.observation.mission && t.snap.observation.mission.preGame;
  const zone = zoneName(a.zone, pg, t && t.board) + ' for you; ' + (t && a.deployFirst === t.me ? 'you deploy' : a.deployFirst + ' deploys') + ' first';
  const first = (t && a.firstTurn === t.me ? 'you play' : a.firstTurn + ' plays') + ' the first Player Turn';
  if (a.keep === 'initiative') return 'Keep Initiative: ' + first;
  if (a.keep === 'deployment') return 'Keep Deployment: ' + zone;
  return a.firstTurn ? first.charAt(0).toUpperCase() + first.slice(1) : zone.charAt(0).toUpperCase() + zone.slice(1);
}

// shortLabel is an attack's or a program's entry under its target: the
// weapon or program alone.
function shortLabel(a) {
  const k = skillOf(a);
  if (!k) return menuLabel(a);
  if (k.name === 'hack') return programName(k.program) + (k.point ? ' at ' + pt(k.point) : '');
  return skillName(k.name) + (k.weapon ? ' with ' + weaponName(k.weapon) : '') + (k.ammo ? ' (' + k.ammo + ')' : '') + (k.burst ? ' B' + k.burst : '');
}
// programLine is a program's line of the program table (Hacking (N3)).
function programLine(id) {
  const p = PROGRAMS.get(id);
  if (!p) return null;
  return h('div', { class: 'program small', 'data-role': 'program', 'data-program': id },
    'Attack MOD ' + p.attackMod + ' · Opponent MOD ' + p.opponentMod + ' · DAM ' + p.damage + ' · B' + p.burst + (p.targets && p.targets.length ? ' · targets ' + p.targets.join(', ') : '') + (p.range ? ' · ' + pretty(p.range).toLowerCase() : ''));
}

const WINDOWS = { orders: 'Orders Phase', 'aro-1': 'first ARO window', 'aro-2': 'second ARO window', second: 'second skill', resolve: 'the dice', 'dodge-move': 'Dodge movement',
  guts: 'Guts Rolls', 'guts-move': 'Guts movement', alert: 'Alert', 'proxy-token': 'Active Proxy Token', landing: 'Combat Jump landing', 'place-jump': 'a missed Combat Jump',
  'appoint-lieutenant': 'a new Lieutenant', 'hack-transport': 'Hack Transport Aircraft', 'strategic-use': 'Strategic Use of a Command Token',
  charges: 'charges', react: 'charge reaction', 'charge-moves': 'charge moves', 'remaining-moves': 'remaining moves', shooting: 'shooting',
  'close-combat': 'close combat', 'allocate-hits': 'hits to allocate', 'move-up': 'a front-rank slot to fill', pursuit: 'flee and pursue',
  challenge: 'a challenge', retire: 'a refused challenge', 'counter-challenge': 'a counter-challenge',
  initiative: 'the Initiative Roll', 'initiative-choice': 'the Initiative choice', classified: 'the Classified Objective', deployment: 'Deployment' };
const windowName = w => WINDOWS[w] || pretty(w);
function windowTitle(w) {
  return { orders: 'Your Orders Phase', second: 'The second skill of this Order', 'dodge-move': 'Dodge movement', 'guts-move': 'Guts movement', alert: 'Alert: your troopers may turn',
    'proxy-token': 'Move the Active Proxy Token?', 'place-jump': 'Place the trooper that missed its Combat Jump', 'appoint-lieutenant': 'Appoint a new Lieutenant',
    'initiative-choice': 'Initiative and Deployment: your choice', classified: 'Pick your Classified Objective', deployment: 'Deploy your troopers' }[w] || 'Your move: ' + windowName(w);
}
// windowWhy says why the seat is asked and what its choices do, in the
// rules' words (docs/RULES.md).
function windowWhy(w, declared, obs) {
  switch (w) {
    case 'orders': return 'Pick a trooper on the table or in the list, then a skill. Each Order costs one from its combat group (a Regular Order), its own Irregular Order, or the Lieutenant Special Order. The enemy may react (ARO) to each skill. End the Orders Phase when you are done: unused Orders are lost.';
    case 'second': return declared + ' Declare its second skill now (Idle ends the Order without one). The enemy then gets its second ARO window, and the dice are rolled.';
    case 'dodge-move': return 'Your Dodge succeeded: the trooper may move up to 2″ (click where on the table), or stay. Dodge (N4).';
    case 'guts-move': return 'Guts Roll (N4): this trooper was hit and failed its Guts Roll (or may choose to fail). It must move up to 2″ out of its attackers\' Line of Fire; if it cannot, into Partial Cover from them; if it cannot, it goes Prone. The move draws no ARO.';
    case 'alert': return 'Alert (N4): at the end of this Order, your troopers that were attacked, or have an attacked ally in their Zone of Control, may turn on the spot to face the attacker — no roll, and not an ARO. Facing it puts it in their front arc, so they can react to it next time.';
    case 'proxy-token': return 'G: Jumper (N4): your Active Proxy was lost or Isolated this Order. You may move the Active Proxy Token to another of your Proxies (it then acts with the G: Jumper\'s Orders), or leave it.';
    case 'place-jump': return 'Combat Jump (N4): the PH Roll failed, so the trooper arrives from your table edge: set it down in your Deployment Zone.';
    case 'strategic-use': return 'Command Tokens (N4), Strategic Use: you play the second Player Turn. Right after your opponent\'s first Order Count you may spend one Command Token to remove two of its Regular Orders for this turn (only when it counts more than ten Orders), to let it spend one Command Token at most this turn, or to put one of your troopers in Suppressive Fire; or make no use of it.';
    case 'appoint-lieutenant': return 'Loss of Lieutenant (N4): your Lieutenant is gone. Choose a trooper to be the new one; your opponent learns only that you appointed one, not who.';
    case 'hack-transport': return 'Hack Transport Aircraft (Hacking (N3)): choose whether to hack the arriving trooper\'s transport.';
    case 'charges': return 'Charges: pick a unit and the enemy it charges (a character may charge with it). The engine rolls each charge range and moves the chargers, wheel included. End the charges to move the rest.';
    case 'react': return 'Charge reactions: your unit is charged. Hold, stand and shoot at the chargers, or flee; each answer is the engine\'s to resolve.';
    case 'remaining-moves': return 'Remaining moves: move, march, wheel or reform your units that did not charge, then end the movement.';
    case 'shooting': return 'Shooting: pick a unit with missile weapons and its target, then end the shooting.';
    case 'close-combat': return 'Close combat: fight each combat. Its result decides who loses and takes a break test.';
    case 'allocate-hits': return 'Allocate the hits your unit took among its models.';
    case 'move-up': return 'A model of your front rank fell: name the model that steps up to fill its slot.';
    case 'pursuit': return 'Flee and pursue: your enemy broke. Pursue it, or restrain your unit with a Leadership test.';
    case 'challenge': return 'A challenge: accept it with one of your characters, or refuse it (the refuser steps back).';
    case 'retire': return 'Your challenge was refused: name the character who steps back out of the fight.';
    case 'counter-challenge': return 'You may issue a challenge of your own.';
    case 'initiative-choice': return initiativeWhy(obs);
    case 'classified': return 'Classified Objectives: pick one card of the mission\'s deck, in secret. Your opponent learns only that you picked one. At the end of each Game Round, if its condition holds, it scores its OP once and is revealed to both players.';
    case 'deployment': return deploymentWhy(obs);
  }
  return declared;
}

// initiativeWhy explains the Initiative choice window (Initiative and
// Deployment (N4)) to the seat making the choice.
function initiativeWhy(obs) {
  const pg = (obs.mission || {}).preGame || {};
  if (!pg.kept) return 'Initiative and Deployment (N4): you won the Initiative Roll (the Face to Face WIP Roll of the Lieutenants). Keep one of two things: Initiative — you decide who plays the first Player Turn — or Deployment — you pick a Deployment Zone (both drawn on the table) and who deploys first. Your opponent then makes the other choice.';
  return 'Initiative and Deployment (N4): ' + pg.winner + ' won the Initiative Roll and kept ' + (pg.kept === 'initiative' ? 'Initiative (' + pg.firstTurn + ' plays the first Player Turn). You choose the rest: your Deployment Zone (drawn on the table) and who deploys first.' : 'Deployment. You choose the rest: who plays the first Player Turn.');
}
// deploymentWhy says what this stage of the Deployment Phase asks.
function deploymentWhy(obs) {
  const pg = (obs.mission || {}).preGame || {};
  const stage = pg.stage || 0;
  return 'Deployment (N4): ' + (stage < 2 ? 'place all your troopers but one, one at a time; the last one is deployed after your opponent has deployed. ' : 'place your last trooper, with every trooper still to place in Hidden Deployment. ') +
    'Pick a trooper below, then click the table inside your Deployment Zone; it faces the enemy (turn it with the arrows). The engine checks the spot and says why one is refused. A trooper in Hidden Deployment is placed with the next one deployed openly, and only you see it.';
}

// oddsChart is the exact result beside a roll: chance to score, a
// Critical, the target falling, and what the other side does. Each block
// names its trooper, its skill and its target.
function oddsChart(ans) {
  if (!ans.odds || !ans.odds.length) return null;
  const box = h('div', { class: 'oddschart', 'data-role': 'odds' });
  for (const o of ans.odds) {
    const bar = (label, p, cls) => [h('span', { text: label }), h('span', { class: 'track' }, h('span', { class: 'fill ' + (cls || ''), 'data-p': p })), h('span', { text: pct(p) })];
    const head = o.skill === 'interact' ? who(o.trooper) + ' activates ' + who(o.target) + ': WIP Roll SV ' + (o.sv ? o.sv.value : '') :
      who(o.trooper) + ' ' + skillName(o.skill) + (o.weapon ? ' (' + o.weapon + ')' : '') + (o.target ? ' on ' + who(o.target) : '') + ': ' +
      (o.sv ? 'SV ' + o.sv.value : 'template') + ' B' + o.burst + (o.against ? ' vs ' + who(o.against.trooper) + ' ' + skillName(o.against.skill) + (o.against.sv ? ' ' + o.against.sv.value : '') : '') + (o.roll === 'face-to-face' ? ' (F2F)' : '');
    box.append(h('span', { class: 'small odds-head', text: head }));
    append(box, [bar('scores', o.win), bar('Critical', o.crit, 'crit')]);
    if (o.falls !== undefined && o.falls !== null) append(box, bar(who(o.target) + ' falls', o.falls, 'fall'));
    else if (o.inflicts && o.inflicts.length > 1) append(box, bar('inflicts 1+', 1 - o.inflicts[0], 'fall'));
    if (o.against) append(box, bar(who(o.against.trooper) + ' ' + skillName(o.against.skill), o.against.win, 'opp'));
    if (o.against && o.against.falls !== undefined && o.against.falls !== null) append(box, bar(who(o.trooper) + ' falls', o.against.falls, 'fall'));
  }
  // Widths are set through the CSSOM: the page's policy allows no inline style attributes.
  for (const f of box.querySelectorAll('.fill')) { f.style.width = (100 * +f.dataset.p).toFixed(1) + '%'; f.style.display = 'block'; }
  return box;
}

// FANTASY_ROLLS are the fantasy menu entries the odds endpoint prices.
const FANTASY_ROLLS = new Set(['cast', 'shoot', 'charge']);

// fantasyOddsChart is the engine's exact odds beside a fantasy entry
// (/odds): a charge's chance to reach its target, a volley's hits and
// unsaved wounds, a spell's chance to be cast and to take effect. Each
// block names its unit (or wizard) and its target.
function fantasyOddsChart(ans, a) {
  const box = h('div', { class: 'oddschart', 'data-role': 'odds', 'data-odds': a.kind });
  const bar = (label, p, cls) => [h('span', { text: label }), h('span', { class: 'track' }, h('span', { class: 'fill ' + (cls || ''), 'data-p': p })), h('span', { 'data-p-text': p, text: pct(p) })];
  const head = t => box.append(h('span', { class: 'small odds-head', text: t }));
  const need = n => n >= 10 ? 'cannot' : n > 6 ? '6 then ' + (n - 3) + '+' : n + '+';
  if (ans.charge) {
    const c = ans.charge;
    head((c.character ? who(c.character) + ' (out of ' + who(c.unit) + ')' : who(c.unit)) + ' charges the ' + c.side + ' of ' + who(c.target) + ': ' + num(c.distance) + '″ away, range ' + num(c.m) + '″ + ' + (c.dice === 2 ? '2D6' : 'best two of ' + c.dice + 'D6') + ' (at most ' + num(c.most) + '″)');
    append(box, bar('reaches, if it holds', c.reach, 'fall'));
  } else if (ans.shoot) {
    const o = ans.shoot;
    head(who(o.unit) + ' shoots ' + o.shots + ' at ' + who(o.target) + ': to hit ' + need(o.need) + ((o.mods || []).length ? ' (' + o.mods.join(', ') + ')' : ''));
    append(box, bar('1+ hits', 1 - o.hits[0]));
    if (o.wounds) {
      head('each hit at S' + o.s + ' (on its rank-and-file): wounds on ' + need(o.woundNeed) + ', save ' + (o.saveNeed >= 7 ? 'none' : o.saveNeed + '+') + (o.wardNeed < 7 ? ', ward ' + o.wardNeed + '+' : ''));
      append(box, bar('1+ unsaved wounds', 1 - o.wounds[0], 'fall'));
      const mean = o.wounds.reduce((m, p, k) => m + p * k, 0);
      box.append(h('span', { class: 'small', 'data-role': 'mean-wounds', text: 'about ' + mean.toFixed(1) + ' unsaved wounds on average' }));
    }
  } else if (ans.cast) {
    const c = ans.cast;
    head(who(a.wizard) + ' casts ' + pretty(a.spell) + (a.target ? ' on ' + who(a.target) : '') + ' with ' + a.dice + ' dice, against the whole dispel pool');
    append(box, [bar('cast', c.cast), bar('irresistible', c.irresistible, 'crit'), bar('dispelled', c.dispelled, 'opp'), bar('takes effect', c.takesEffect, 'fall')]);
  } else return null;
  for (const f of box.querySelectorAll('.fill')) { f.style.width = (100 * +f.dataset.p).toFixed(1) + '%'; f.style.display = 'block'; }
  return box;
}

// ---------- the replay ----------

// replay steps through a match's log. Opened with a seat's token (the
// seat's link, or from its table in the same tab) it shows that seat's
// own view at each step; without one, the spectator's.
async function replay(app, id) {
  document.title = 'Ordo — replay ' + id;
  const token = tokenFor(id);
  const svg = s('svg', { id: 'board', role: 'img', 'aria-label': 'the table' });
  const info = h('div', { class: 'status', id: 'status' });
  const stepEl = h('div', { class: 'panel', id: 'step' });
  const verifyEl = h('div', { class: 'panel', id: 'verify' });
  const slider = h('input', { type: 'range', min: 0, max: 0, value: 0, id: 'slider', 'aria-label': 'step' });
  const prev = h('button', { id: 'prev', text: '‹ back' }), next = h('button', { id: 'next', text: 'forward ›' });
  const first = h('button', { text: '« start' }), last = h('button', { text: 'end »' });
  const title = h('h2', { text: 'Replay of match ' + id });
  clear(app).append(h('div', { class: 'table-layout' }, h('div', { class: 'board-wrap' }, info, svg),
    h('div', { class: 'side' }, h('div', { class: 'panel' }, title, h('div', {}, first, ' ', prev, ' ', next, ' ', last), slider,
      h('div', { class: 'keys' }, h('kbd', { text: '←' }), ' ', h('kbd', { text: '→' }), ' step')), stepEl, verifyEl)));
  const snap = await api('GET', '/api/matches/' + id, undefined, token);
  if (snap.army_lists) {
    // A mission match waiting for its army lists has no table and no log.
    put(stepEl, h('p', { id: 'replay-awaiting', text: CODE_WORDS['awaiting-armies'] + ' There is nothing to replay yet.' }), h('a', { href: '/m/' + id + (token ? '#token=' + token : ''), text: 'Go to the match' }));
    return;
  }
  const board = await api('GET', '/api/matches/' + id + '/board', undefined, token);
  learnWeapons(board);
  const me = snap.viewer && snap.viewer.role === 'player' ? snap.viewer.seat : null;
  put(title, 'Replay of match ' + id + ': ', me ? h('span', { class: seatClass(me), id: 'replay-view', 'data-seat': me, text: me + "'s view" }) : h('span', { id: 'replay-view', text: "the spectator's view" }));
  const log = [];
  for (;;) {
    const page = await api('GET', '/api/matches/' + id + '/log?from=' + log.length, undefined, token);
    log.push(...page.entries);
    if (!page.entries.length || log.length >= page.seq) break;
  }
  slider.max = String(log.length);
  let at = 0;
  const show = async n => {
    at = Math.max(0, Math.min(log.length, n));
    slider.value = String(at);
    const st = await api('GET', '/api/matches/' + id + '/replay/' + at, undefined, token);
    if (+slider.value !== at) return;
    const o = st.observation;
    let units = null;
    if (board.ruleset === 'fantasy') {
      // The engine places a fantasy table's bases only for the live
      // table: a step is its terrain and its units in words.
      SEAT_ORDER = [...new Set((board.units || []).map(u => u.seat))];
      drawFantasy(svg, { ...board, units: [] }, o, {});
      units = h('div', { class: 'small', id: 'replay-units' }, h('b', { text: 'Units: ' }), Object.values(o.units || {}).filter(u => u.models > 0)
        .map(u => u.id + ' (' + u.seat + ', ' + u.models + ' models)').join(', ') || 'none');
    } else {
      SEAT_ORDER = (o.armies || []).map(a => a.seat);
      learnNames(board, o);
      drawBoard(svg, board, o, {});
    }
    put(info, h('span', { class: 'turn', text: 'step ' + at + ' of ' + log.length }), h('span', { text: o.phase === 'over' ? 'game over' : 'Round ' + o.round + ', ' + o.active + "'s turn" }));
    const e = log[at - 1];
    put(stepEl, h('h2', { text: e ? '#' + e.seq + ' ' + e.seat : 'The setup' }), e ? h('div', { text: e.action ? actionText(e.action) : '(not shown)' }) : null,
      e ? h('div', { class: 'log' }, (e.events || []).map(ev => h('div', { class: 'ev', text: eventText(ev) }))) : null, units);
    document.body.dataset.step = String(at);
  };
  prev.onclick = () => show(at - 1); next.onclick = () => show(at + 1);
  first.onclick = () => show(0); last.onclick = () => show(log.length);
  slider.oninput = () => show(+slider.value);
  document.addEventListener('keydown', ev => { if (ev.key === 'ArrowLeft') show(at - 1); if (ev.key === 'ArrowRight') show(at + 1); });
  await show(0);
  if (!snap.over) { put(verifyEl, h('h2', { text: 'Dice' }), h('p', { class: 'muted', text: 'The seed is revealed when the game is over; its commitment now: ' }), h('code', { class: 'small', text: snap.seed_commitment })); return; }
  const v = await api('GET', '/api/matches/' + id + '/verify');
  // The commitment is checked here, in the browser: SHA-256 of
  // "ordo-commit", a zero byte, the seed and the match id.
  let mine = 'not checked (this browser has no Web Crypto here)';
  if (window.crypto && crypto.subtle) {
    const seed = new Uint8Array(v.seed.match(/../g).map(x => parseInt(x, 16)));
    const pre = new TextEncoder().encode('ordo-commit\u0000'), idb = new TextEncoder().encode(id);
    const buf = new Uint8Array(pre.length + seed.length + idb.length);
    buf.set(pre); buf.set(seed, pre.length); buf.set(idb, pre.length + seed.length);
    const sum = new Uint8Array(await crypto.subtle.digest('SHA-256', buf));
    const hex = [...sum].map(b => b.toString(16).padStart(2, '0')).join('');
    mine = hex === snap.seed_commitment ? 'matches the commitment published at creation' : 'DOES NOT match the commitment ' + snap.seed_commitment;
  }
  put(verifyEl, h('h2', { text: 'Dice verified' }),
    h('p', { id: 'verified', class: v.ok ? 'ok' : 'err', text: v.ok ? 'Every die of ' + v.entries + ' entries (' + v.dice + ' dice) is the seed\'s, and the log replays to the end.' : 'Verification failed: ' + v.problem }),
    h('p', { class: 'small' }, 'Seed ', h('code', { text: v.seed }), ': ', h('span', { id: 'commitment-check', text: mine })));
}

// ---------- routing ----------

async function main() {
  const app = document.getElementById('app');
  const where = document.getElementById('where');
  const path = location.pathname;
  try {
    let m;
    if (path === '/' || path === '') { where.textContent = 'lobby'; await lobby(app); }
    else if ((m = /^\/m\/([A-Za-z0-9_-]+)\/replay$/.exec(path))) { where.textContent = 'replay'; await replay(app, m[1]); }
    else if ((m = /^\/m\/([A-Za-z0-9_-]+)$/.exec(path))) { where.textContent = 'match ' + m[1]; await new Table(app, m[1]).start(); }
    else clear(app).append(h('p', { class: 'err', text: 'No page here.' }), h('a', { href: '/', text: 'the lobby' }));
  } catch (e) {
    clear(app).append(h('p', { class: 'err', id: 'error', text: e.message }), h('a', { href: '/', text: 'the lobby' }));
  }
  document.body.dataset.ready = '1';
}

main();
