import yauzl from 'yauzl';
import { ZipFile } from 'yazl';
import { buffer } from 'node:stream/consumers';

/** Every file of a ZIP held in memory, by its path (tests only: their archives are small). */
export async function readZip(bytes: Buffer): Promise<Map<string, Buffer>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, file) => (err ? reject(err) : resolve(file))),
  );
  const files = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on('error', reject);
    zip.on('end', () => resolve());
    zip.on('entry', (entry: yauzl.Entry) => {
      zip.openReadStream(entry, (err, stream) => {
        if (err) return reject(err);
        buffer(stream).then((data) => {
          files.set(entry.fileName, data);
          zip.readEntry();
        }, reject);
      });
    });
    zip.readEntry();
  });
  return files;
}

/** A ZIP of these files (tests: an archive changed on purpose). */
export async function zipOf(files: Map<string, Buffer>): Promise<Buffer> {
  const zip = new ZipFile();
  for (const [name, bytes] of files) zip.addBuffer(bytes, name);
  zip.end();
  return buffer(zip.outputStream);
}
