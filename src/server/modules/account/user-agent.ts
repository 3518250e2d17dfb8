/** A small reader of browser identification strings for the sessions list: browser and OS, nothing more. */

export interface DeviceDescription {
  browser: string;
  os: string;
}

const major = (ua: string, re: RegExp) => re.exec(ua)?.[1]?.split('.')[0];

function browserOf(ua: string): string {
  const rules: Array<[RegExp, string]> = [
    [/Edg(?:e|A|iOS)?\/([\d.]+)/, 'Edge'],
    [/OPR\/([\d.]+)/, 'Opera'],
    [/SamsungBrowser\/([\d.]+)/, 'Samsung Internet'],
    [/Firefox\/([\d.]+)/, 'Firefox'],
    [/FxiOS\/([\d.]+)/, 'Firefox'],
    [/CriOS\/([\d.]+)/, 'Chrome'],
    [/HeadlessChrome\/([\d.]+)/, 'Headless Chrome'],
    [/Chromium\/([\d.]+)/, 'Chromium'],
    [/Chrome\/([\d.]+)/, 'Chrome'],
    [/Version\/([\d.]+).*Safari\//, 'Safari'],
    [/^curl\/([\d.]+)/, 'curl'],
  ];
  for (const [re, name] of rules) {
    const v = major(ua, re);
    if (v) return `${name} ${v}`;
  }
  return 'Unknown browser';
}

function osOf(ua: string): string {
  if (/iPhone|iPad|iPod/.test(ua)) {
    const v = /OS (\d+)[_\d]* like Mac OS X/.exec(ua)?.[1];
    return v ? `iOS ${v}` : 'iOS';
  }
  if (/Android/.test(ua)) {
    const v = /Android (\d+)/.exec(ua)?.[1];
    return v ? `Android ${v}` : 'Android';
  }
  if (/CrOS/.test(ua)) return 'ChromeOS';
  if (/Windows NT/.test(ua)) return 'Windows';
  if (/Mac OS X|Macintosh/.test(ua)) return 'macOS';
  if (/Linux/.test(ua)) return 'Linux';
  return 'Unknown OS';
}

/** Browser (with major version) and operating system named by a User-Agent header. */
export function describeUserAgent(ua: string | null | undefined): DeviceDescription {
  if (!ua) return { browser: 'Unknown browser', os: 'Unknown OS' };
  return { browser: browserOf(ua), os: osOf(ua) };
}
