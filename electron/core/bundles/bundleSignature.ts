/**
 * Checks a bundle's signature: the PKCS#7 block `mcpb sign` appends to the zip (between
 * `MCPB_SIG_V1` and `MCPB_SIG_END`, split off with the tool's own `extractSignatureBlock`).
 *
 * The tool's own `verifyMcpbFile` cannot be used: it calls node-forge's PKCS#7 `verify()`, which
 * node-forge never implemented, so every signed bundle reads as "unsigned" and a tampered one
 * too (modelcontextprotocol/mcpb#276, #277). Here the signed attributes' message digest is
 * compared with the content's SHA-256 and the signer's signature over those attributes is
 * checked with Node's crypto; only the certificate chain's trust is asked of the tool
 * (`verifyCertificateChain`, the system's trust store).
 */
import { createHash, verify as verifySignature, X509Certificate } from 'node:crypto';

export type SignatureStatus = 'unsigned' | 'signed' | 'self-signed' | 'untrusted' | 'bad';

export interface SignatureReport {
  status: SignatureStatus;
  /** The signer's common name, when signed. */
  publisher?: string;
  issuer?: string;
  validTo?: string;
  fingerprint?: string;
  /** Why a bad signature is bad, in words. */
  problem?: string;
}

export interface SplitBundle {
  /** The zip itself: the signed bytes. */
  content: Uint8Array;
  signature?: Uint8Array;
}

interface McpbSigning {
  extractSignatureBlock(file: Buffer): { originalContent: Buffer; pkcs7Signature?: Buffer };
  verifyCertificateChain(certificate: Buffer, intermediates?: Buffer[]): Promise<boolean>;
}

let signing: Promise<McpbSigning> | undefined;
/** The packaging tool's Node half, loaded on first use so it costs nothing at start. */
function mcpbSigning(): Promise<McpbSigning> {
  signing ??= import('@anthropic-ai/mcpb/node') as Promise<McpbSigning>;
  return signing;
}

const FOOTER = Buffer.from('MCPB_SIG_END');

/** Splits the signature block off a bundle's bytes. A block that cannot be read is reported as such. */
export async function splitBundle(bytes: Buffer): Promise<SplitBundle & { malformed?: boolean }> {
  const { extractSignatureBlock } = await mcpbSigning();
  const { originalContent, pkcs7Signature } = extractSignatureBlock(bytes);
  const endsWithFooter = bytes.subarray(bytes.length - FOOTER.length).equals(FOOTER);
  if (!pkcs7Signature || pkcs7Signature.length === 0) {
    return endsWithFooter ? { content: bytes, malformed: true } : { content: bytes };
  }
  return { content: originalContent, signature: pkcs7Signature };
}

const OID_SIGNED_DATA = '1.2.840.113549.1.7.2';
const OID_MESSAGE_DIGEST = '1.2.840.113549.1.9.4';
const OID_SHA256 = '2.16.840.1.101.3.4.2.1';

/** Verifies a detached PKCS#7 signature over `content`, then how far its certificate is trusted. */
export async function checkSignature(
  content: Uint8Array,
  signature: Uint8Array | undefined,
  malformed = false,
): Promise<SignatureReport> {
  if (malformed) return bad('its signature block is damaged');
  if (!signature) return { status: 'unsigned' };
  let signed: SignedData;
  try {
    signed = readSignedData(Buffer.from(signature));
  } catch (error) {
    return bad(`its signature cannot be read (${(error as Error).message})`);
  }
  if (signed.digestAlgorithm !== OID_SHA256)
    return bad('it is signed with a digest other than SHA-256');
  const digest = createHash('sha256').update(content).digest();
  if (!signed.messageDigest || !digest.equals(signed.messageDigest))
    return bad('its contents changed after it was signed');
  const signer =
    signed.certificates.find((certificate) =>
      sameSerial(certificate.serialNumber, signed.serial),
    ) ?? signed.certificates[0];
  if (!signer) return bad('its signature carries no certificate');
  const attributes = Buffer.from(signed.signedAttributes);
  // The signature covers the attributes encoded as a SET OF, not with their [0] tag.
  attributes[0] = 0x31;
  let valid: boolean;
  try {
    valid = verifySignature('sha256', attributes, signer.publicKey, signed.signature);
  } catch {
    valid = false;
  }
  if (!valid) return bad('its signature does not match its certificate');
  const details = {
    publisher: commonName(signer.subject),
    issuer: commonName(signer.issuer),
    validTo: new Date(signer.validTo).toISOString(),
    fingerprint: signer.fingerprint256,
  };
  const now = Date.now();
  if (now < Date.parse(signer.validFrom) || now > Date.parse(signer.validTo))
    return { status: 'untrusted', ...details };
  if (signer.checkIssued(signer) && signer.verify(signer.publicKey))
    return { status: 'self-signed', ...details };
  const { verifyCertificateChain } = await mcpbSigning();
  const intermediates = signed.certificates
    .filter((certificate) => certificate !== signer)
    .map((certificate) => Buffer.from(certificate.toString()));
  const trusted = await verifyCertificateChain(Buffer.from(signer.toString()), intermediates);
  return { status: trusted ? 'signed' : 'untrusted', ...details };
}

function bad(problem: string): SignatureReport {
  return { status: 'bad', problem };
}

function commonName(distinguished: string): string {
  const line = distinguished.split('\n').find((part) => part.startsWith('CN='));
  return line ? line.slice(3) : distinguished.split('\n')[0] || 'unknown';
}

function sameSerial(a: string, b: string): boolean {
  const clean = (serial: string) => serial.toLowerCase().replace(/^0+/, '');
  return clean(a) === clean(b);
}

interface SignedData {
  digestAlgorithm: string;
  certificates: X509Certificate[];
  serial: string;
  /** The DER of the signed attributes, tag included. */
  signedAttributes: Uint8Array;
  messageDigest?: Buffer;
  signature: Buffer;
}

interface Node {
  tag: number;
  start: number;
  contentStart: number;
  end: number;
}

/** Just enough DER to walk a PKCS#7 SignedData. */
function readNode(data: Buffer, offset: number): Node {
  if (offset + 2 > data.length) throw new Error('truncated');
  const tag = data.readUInt8(offset);
  let length = data.readUInt8(offset + 1);
  let contentStart = offset + 2;
  if (length & 0x80) {
    const bytes = length & 0x7f;
    if (bytes === 0 || bytes > 4) throw new Error('unsupported length');
    length = 0;
    for (let index = 0; index < bytes; index++)
      length = length * 256 + data.readUInt8(contentStart + index);
    contentStart += bytes;
  }
  const end = contentStart + length;
  if (end > data.length) throw new Error('truncated');
  return { tag, start: offset, contentStart, end };
}

function children(data: Buffer, node: Node): Node[] {
  const list: Node[] = [];
  for (let offset = node.contentStart; offset < node.end;) {
    const child = readNode(data, offset);
    list.push(child);
    offset = child.end;
  }
  return list;
}

function oid(data: Buffer, node: Node): string {
  if (node.tag !== 0x06) throw new Error('expected an object identifier');
  const bytes = data.subarray(node.contentStart, node.end);
  const parts: number[] = [];
  let value = 0;
  for (const byte of bytes) {
    value = value * 128 + (byte & 0x7f);
    if (!(byte & 0x80)) {
      if (parts.length === 0)
        parts.push(
          Math.min(2, Math.floor(value / 40)),
          value - Math.min(2, Math.floor(value / 40)) * 40,
        );
      else parts.push(value);
      value = 0;
    }
  }
  return parts.join('.');
}

function expect(node: Node | undefined, tag: number, what: string): Node {
  if (!node || node.tag !== tag) throw new Error(`expected ${what}`);
  return node;
}

function readSignedData(data: Buffer): SignedData {
  const contentInfo = expect(readNode(data, 0), 0x30, 'a ContentInfo');
  const [type, explicit] = children(data, contentInfo);
  if (oid(data, expect(type, 0x06, 'a content type')) !== OID_SIGNED_DATA)
    throw new Error('not signed data');
  const signedData = expect(
    children(data, expect(explicit, 0xa0, 'signed data'))[0],
    0x30,
    'SignedData',
  );
  const parts = children(data, signedData);
  const certificates: X509Certificate[] = [];
  const certificateSet = parts.find((part) => part.tag === 0xa0);
  for (const certificate of certificateSet ? children(data, certificateSet) : [])
    certificates.push(new X509Certificate(data.subarray(certificate.start, certificate.end)));
  const signerInfos = expect(parts[parts.length - 1], 0x31, 'signer infos');
  const signerInfo = expect(children(data, signerInfos)[0], 0x30, 'a signer');
  const signer = children(data, signerInfo);
  const issuerAndSerial = expect(signer[1], 0x30, 'the issuer and serial');
  const serialNode = expect(children(data, issuerAndSerial)[1], 0x02, 'a serial number');
  const digestNode = children(data, expect(signer[2], 0x30, 'a digest algorithm'))[0];
  const digestAlgorithm = oid(data, expect(digestNode, 0x06, 'a digest algorithm'));
  const attributesNode = expect(signer[3], 0xa0, 'signed attributes');
  let messageDigest: Buffer | undefined;
  for (const attribute of children(data, attributesNode)) {
    const [attributeType, values] = children(data, attribute);
    if (!attributeType || !values || oid(data, attributeType) !== OID_MESSAGE_DIGEST) continue;
    const value = expect(children(data, values)[0], 0x04, 'a digest');
    messageDigest = data.subarray(value.contentStart, value.end);
  }
  const signatureNode = expect(signer[5], 0x04, 'a signature');
  return {
    digestAlgorithm,
    certificates,
    serial: data.subarray(serialNode.contentStart, serialNode.end).toString('hex'),
    signedAttributes: data.subarray(attributesNode.start, attributesNode.end),
    messageDigest,
    signature: data.subarray(signatureNode.contentStart, signatureNode.end),
  };
}
