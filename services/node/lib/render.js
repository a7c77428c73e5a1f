'use strict';
// The answers' bytes, one serializer for every variant: the same rows give the same body whichever
// driver or connection style fetched them.

const ADDED = 'Additional fortune added at request time.';
const HTML_HEAD = '<!DOCTYPE html><html><head><title>Fortunes</title></head><body><table><tr><th>id</th><th>message</th></tr>';
const HTML_TAIL = '</table></body></html>';

/** TechEmpower's rule: missing or not an integer is 1, then clamped to 1..500. */
function queryCount(text) {
  if (text == null || !/^[+-]?\d+$/.test(text.trim())) return 1;
  return Math.max(1, Math.min(500, Number.parseInt(text, 10)));
}

/** /relations' limit: undefined when not given (every row), null when it is not an integer 1..100000. */
function limit(text) {
  if (text == null) return undefined;
  if (!/^\d{1,6}$/.test(text)) return null;
  const n = Number.parseInt(text, 10);
  return n >= 1 && n <= 100000 ? n : null;
}

function randomId() {
  return 1 + Math.floor(Math.random() * 10000);
}

/** A world row [id, randomnumber] as the contract's object. */
function world(row) {
  return { id: Number(row[0]), randomNumber: Number(row[1]) };
}

const ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(s) {
  return s.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/** TechEmpower's page from [id, message] rows: plus one, sorted by message (UTF-16 order, as Java's), escaped. */
function fortunes(rows) {
  const all = rows.map((r) => ({ id: Number(r[0]), message: text(r[1]) }));
  all.push({ id: 0, message: ADDED });
  all.sort((a, b) => (a.message < b.message ? -1 : a.message > b.message ? 1 : 0));
  let html = HTML_HEAD;
  for (const f of all) html += `<tr><td>${f.id}</td><td>${escapeHtml(f.message)}</td></tr>`;
  return html + HTML_TAIL;
}

/** A text value: Firebird pads CHAR columns with spaces, which are not data; drop them everywhere alike. */
function text(v) {
  return typeof v === 'string' ? v.replace(/ +$/, '') : v;
}

/**
 * One catalogue value as JSON: strings trimmed of trailing blanks, text blobs as strings (the
 * driver reads them with the row), binary blobs as null (node-firebird hands them over as a
 * function that would fetch them in more round trips; BLR is no data for JSON), byte buffers as
 * lowercase hex, numbers as numbers (64-bit integers as numbers when safe, else strings), dates as
 * ISO strings, missing values as null.
 */
function value(v) {
  if (v === null || v === undefined || typeof v === 'function') return null;
  if (typeof v === 'string') return text(v);
  if (typeof v === 'number' || typeof v === 'boolean') return v;
  if (typeof v === 'bigint') return Number.isSafeInteger(Number(v)) ? Number(v) : v.toString();
  if (Buffer.isBuffer(v)) return v.toString('hex');
  if (v instanceof Date) return v.toISOString();
  return String(v);
}

/** Rows (arrays) and their column names as a JSON array of objects, column order kept. */
function relations(columns, rows) {
  const names = columns.map((c) => text(String(c)));
  const out = rows.map((r) => {
    const o = {};
    for (let i = 0; i < names.length; i++) o[names[i]] = value(r[i]);
    return o;
  });
  return JSON.stringify(out);
}

module.exports = { ADDED, queryCount, limit, randomId, world, fortunes, escapeHtml, relations, value };
