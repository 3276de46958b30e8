/**
 * Owns one D-Bus name on the session bus until the bus goes away: a desktop's tray host in
 * miniature (KDE Plasma and GNOME's AppIndicator extension own `org.kde.StatusNotifierWatcher`).
 * Run by the test bus as an activatable service (see ./index.ts), so `StartServiceByName` returns
 * once the name is owned. Plain Node, no packages: the D-Bus wire format (little-endian) for the
 * two calls it makes, Hello and RequestName, written by hand after the specification
 * (https://dbus.freedesktop.org/doc/dbus-specification.html, "Message Format" and "Authentication").
 */
import { connect } from 'node:net';

const name = process.argv[2];
const address = process.env.DBUS_STARTER_ADDRESS ?? process.env.DBUS_SESSION_BUS_ADDRESS ?? '';
const path = /unix:path=([^,;]+)/.exec(address)?.[1];
if (!name || !path) {
  process.stderr.write('usage: DBUS_SESSION_BUS_ADDRESS=unix:path=… ownName.mjs NAME\n');
  process.exit(2);
}

/** A growing little-endian buffer that pads to each value's alignment, as D-Bus requires. */
class Writer {
  bytes = [];
  pad(to) {
    while (this.bytes.length % to !== 0) this.bytes.push(0);
  }
  byte(value) {
    this.bytes.push(value & 0xff);
  }
  uint32(value) {
    this.pad(4);
    for (let shift = 0; shift < 32; shift += 8) this.bytes.push((value >>> shift) & 0xff);
  }
  string(text) {
    const encoded = Buffer.from(text, 'utf8');
    this.uint32(encoded.length);
    this.bytes.push(...encoded, 0);
  }
  signature(text) {
    this.byte(text.length);
    this.bytes.push(...Buffer.from(text, 'ascii'), 0);
  }
}

let serial = 0;
/** A method call to the bus itself; `body` is [signature, writeBody] or absent. */
function callBus(member, body) {
  const bodyWriter = new Writer();
  if (body) body[1](bodyWriter);
  const header = new Writer();
  header.bytes.push('l'.charCodeAt(0), 1, 0, 1); // little-endian, METHOD_CALL, no flags, version 1
  header.uint32(bodyWriter.bytes.length);
  header.uint32(++serial);
  const fields = new Writer();
  const field = (code, type, write) => {
    fields.pad(8);
    fields.byte(code);
    fields.signature(type);
    write(fields);
  };
  field(1, 'o', (w) => w.string('/org/freedesktop/DBus'));
  field(2, 's', (w) => w.string('org.freedesktop.DBus'));
  field(3, 's', (w) => w.string(member));
  field(6, 's', (w) => w.string('org.freedesktop.DBus'));
  if (body) field(8, 'g', (w) => w.signature(body[0]));
  // The fields array: its byte length, then (at offset 16, already 8-aligned) the structs.
  header.uint32(fields.bytes.length);
  header.bytes.push(...fields.bytes);
  header.pad(8);
  return Buffer.from([...header.bytes, ...bodyWriter.bytes]);
}

const socket = connect(path);
let authenticated = false;
socket.on('connect', () => {
  const uid = Buffer.from(String(process.getuid()), 'ascii').toString('hex');
  socket.write(Buffer.concat([Buffer.from([0]), Buffer.from(`AUTH EXTERNAL ${uid}\r\n`)]));
});
socket.on('data', (chunk) => {
  if (authenticated) return; // Replies are not needed: the bus keeps the name while we stay.
  if (!chunk.toString('latin1').startsWith('OK ')) {
    process.stderr.write(`D-Bus refused: ${chunk.toString('latin1')}`);
    process.exit(1);
  }
  authenticated = true;
  socket.write('BEGIN\r\n');
  socket.write(callBus('Hello'));
  // DBUS_NAME_FLAG_DO_NOT_QUEUE (4): own it now or not at all.
  socket.write(
    callBus('RequestName', [
      'su',
      (w) => {
        w.string(name);
        w.uint32(4);
      },
    ]),
  );
});
socket.on('close', () => process.exit(0));
socket.on('error', () => process.exit(1));
