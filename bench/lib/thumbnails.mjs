// A stand-in for YouTube's thumbnail host (i.ytimg.com), which this machine cannot reach, for the Lighthouse rows.
//
// In production a track list loads its songs' thumbnails from i.ytimg.com. Here every such request failed at DNS, so
// Lighthouse measured pages without their images (lighter than real) and logged one console error per image (best
// practices 96). The bench points Chromium's resolver at this HTTPS server instead (`--host-resolver-rules`), which
// answers each `/vi/<id>/<variant>.jpg` with a real JPEG of a thumbnail's size and weight (480×360, about as heavy as
// YouTube's), as the browser tests stand in for YouTube's player script. Loopback only.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import { chromium } from '@playwright/test';

/** The host the stand-in answers for. */
export const THUMBNAIL_HOST = 'i.ytimg.com';

/**
 * A 480×360 JPEG drawn by Chromium (gradients, shapes and grain, so that it compresses like a photograph): about
 * 24 KB at quality 0.8, in the range of YouTube's hqdefault.jpg (15–40 KB).
 */
async function thumbnailJpeg(chromiumPath) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage();
    const dataUrl = await page.evaluate(() => {
      const c = document.createElement('canvas');
      c.width = 480;
      c.height = 360;
      const g = c.getContext('2d');
      const grad = g.createLinearGradient(0, 0, 480, 360);
      grad.addColorStop(0, '#2b1a4f');
      grad.addColorStop(0.5, '#b0413e');
      grad.addColorStop(1, '#f4a259');
      g.fillStyle = grad;
      g.fillRect(0, 0, 480, 360);
      let seed = 7;
      const rand = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
      for (let i = 0; i < 60; i++) {
        g.fillStyle = `hsla(${Math.floor(rand() * 360)}, 60%, ${30 + Math.floor(rand() * 40)}%, 0.5)`;
        g.beginPath();
        g.arc(rand() * 480, rand() * 360, 8 + rand() * 60, 0, Math.PI * 2);
        g.fill();
      }
      const img = g.getImageData(0, 0, 480, 360);
      for (let i = 0; i < img.data.length; i += 4) {
        const n = (rand() - 0.5) * 14;
        img.data[i] += n;
        img.data[i + 1] += n;
        img.data[i + 2] += n;
      }
      g.putImageData(img, 0, 0);
      return c.toDataURL('image/jpeg', 0.8);
    });
    return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  } finally {
    await browser.close();
  }
}

/**
 * Starts the stand-in on a free loopback port with a throwaway self-signed certificate (Chromium is told to accept
 * it). Returns the Chromium flags that send i.ytimg.com to it, the image's size, and `stop()`.
 */
export async function startThumbnailStandIn({ dir, chromiumPath = '/usr/bin/chromium' }) {
  fs.mkdirSync(dir, { recursive: true });
  const key = path.join(dir, 'thumbs-key.pem');
  const cert = path.join(dir, 'thumbs-cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      `/CN=${THUMBNAIL_HOST}`,
    ],
    { stdio: 'ignore' },
  );
  const jpeg = await thumbnailJpeg(chromiumPath);
  let served = 0;
  const server = https.createServer({ key: fs.readFileSync(key), cert: fs.readFileSync(cert) }, (req, res) => {
    if (req.method === 'GET' && /^\/vi\/[\w-]{1,20}\/\w+\.jpg$/.test(req.url ?? '')) {
      served += 1;
      res.writeHead(200, {
        'content-type': 'image/jpeg',
        'content-length': jpeg.length,
        'cache-control': 'public, max-age=7200',
        'access-control-allow-origin': '*',
      });
      res.end(jpeg);
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    bytes: jpeg.length,
    served: () => served,
    chromeFlags: [`--host-resolver-rules=MAP ${THUMBNAIL_HOST}:443 127.0.0.1:${port}`, '--ignore-certificate-errors'],
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}
