import { createHash } from 'node:crypto';
import { pipeline, Transform, type Readable } from 'node:stream';
import { ZipFile } from 'yazl';

/** The client closed the download before its end: not a failure of the site. */
export class DownloadClosedError extends Error {}

interface WrittenFile {
  sha256: string;
  bytes: number;
}

/**
 * A ZIP written as it is read (yazl): one file at a time, each from a stream that is opened only when the
 * archive reaches it, its SHA-256 taken on the way. The caller adds a file and waits for it to be written
 * before adding the next, so a big site's archive never sits in memory; `output` is sent to the client.
 */
export function zipWriter() {
  const zip = new ZipFile();
  const output = zip.outputStream as Readable;
  let closedEarly: Error | null = null;
  const waiting = new Set<(err: Error) => void>();
  /** The file being written: stopped (its database reads with it) when the download ends early. */
  let current: Transform | null = null;
  const fail = (err: Error) => {
    closedEarly ??= err;
    for (const reject of waiting) reject(err);
    waiting.clear();
    current?.destroy();
  };
  // The client went away (or the archive failed): every file still being written stops.
  output.once('close', () => {
    if (!output.readableEnded) fail(new DownloadClosedError('the download was closed before the archive was complete'));
  });
  output.once('error', fail);

  return {
    output,

    /** Adds a file from a stream made when the archive reaches it; resolves once all of it is written. */
    addFile(name: string, open: () => Readable, options: { compress?: boolean } = {}): Promise<WrittenFile> {
      if (closedEarly) return Promise.reject(closedEarly);
      const hash = createHash('sha256');
      let bytes = 0;
      const counter: Transform = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          bytes += chunk.length;
          done(null, chunk);
        },
      });
      return new Promise<WrittenFile>((resolve, reject) => {
        waiting.add(reject);
        counter.once('end', () => {
          waiting.delete(reject);
          resolve({ sha256: hash.digest('hex'), bytes });
        });
        counter.once('error', (err) => {
          waiting.delete(reject);
          reject(err);
        });
        zip.addReadStreamLazy(name, { compress: options.compress ?? true, mtime: new Date() }, (callback) => {
          current = counter;
          // yazl does not watch its input for errors: a failed read fails the file (and so the archive).
          pipeline(open(), counter, (err) => {
            if (err) counter.destroy(err);
          });
          callback(null, counter);
        });
      });
    },

    /** Adds the last file and closes the archive's directory. */
    finish(name: string, content: Buffer): void {
      zip.addBuffer(content, name, { mtime: new Date() });
      zip.end();
    },

    /** Stops the download: the client sees a broken archive, never a complete-looking one. */
    abort(err: Error): void {
      fail(err);
      output.destroy(err);
    },
  };
}
export type ZipWriter = ReturnType<typeof zipWriter>;
