'use strict';
// The serializer every variant shares: the bytes the contract fixes.
const test = require('node:test');
const assert = require('node:assert');
const render = require('../lib/render');

test('queries: missing or not an integer is 1, clamped to 1..500', () => {
  assert.deepStrictEqual([undefined, null, '', 'x', '2.5', '0', '-3', '7', '500', '501', '99999'].map(render.queryCount),
    [1, 1, 1, 1, 1, 1, 1, 7, 500, 500, 500]);
});

test('fortunes: the added row, sorted by message in UTF-16 order, escaped as TechEmpower does', () => {
  const html = render.fortunes([[2, 'b <&>"\''], [1, 'a'], [12, 'フレーム'], [3, 'B  ']]);
  assert.strictEqual(html, '<!DOCTYPE html><html><head><title>Fortunes</title></head><body><table>'
    + '<tr><th>id</th><th>message</th></tr><tr><td>0</td><td>Additional fortune added at request time.</td></tr>'
    + '<tr><td>3</td><td>B</td></tr><tr><td>1</td><td>a</td></tr><tr><td>2</td><td>b &lt;&amp;&gt;&quot;&#39;</td></tr>'
    + '<tr><td>12</td><td>フレーム</td></tr></table></body></html>');
});

test('relations: column order kept, CHAR padding trimmed, binary blobs null, buffers hex', () => {
  const body = render.relations(['RDB$RELATION_NAME   ', 'ID', 'BLR', 'SRC', 'RAW', 'BIG', 'FLAG', 'NOTHING'],
    [['RDB$PAGES    ', 7, () => 'lazy blob', 'select 1 ', Buffer.from([1, 255]), 2n ** 70n, true, undefined]]);
  assert.strictEqual(body, '[{"RDB$RELATION_NAME":"RDB$PAGES","ID":7,"BLR":null,"SRC":"select 1","RAW":"01ff",'
    + '"BIG":"1180591620717411303424","FLAG":true,"NOTHING":null}]');
});

test('world: the contract names', () => {
  assert.strictEqual(JSON.stringify(render.world([3217, 2149])), '{"id":3217,"randomNumber":2149}');
});
