import { describe, expect, it } from 'vitest';
import { defaultPushServiceHosts, isPushServiceEndpoint, pushServiceHostPattern } from './push-service-hosts';

describe('push service endpoints', () => {
  const hosts = defaultPushServiceHosts;

  it.each([
    'https://fcm.googleapis.com/fcm/send/dGVzdA:APA91b',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAAA',
    'https://web.push.apple.com/QGx0ZXN0',
    'https://api.push.apple.com/3/device/abc',
    'https://wns2-by3p.notify.windows.com/w/?token=BQYAAA',
    'https://FCM.googleapis.com/fcm/send/x',
  ])('takes the browsers’ own: %s', (endpoint) => {
    expect(isPushServiceEndpoint(endpoint, hosts)).toBe(true);
  });

  it.each([
    'https://127.0.0.1:8443/',
    'https://[::1]/push',
    'https://10.0.0.5/push',
    'https://169.254.169.254/latest/meta-data',
    'https://localhost/push',
    'https://2130706433/push',
    'http://fcm.googleapis.com/fcm/send/x',
    'https://fcm.googleapis.com.evil.example/x',
    'https://evilfcm.googleapis.com/x',
    'https://push.apple.com/x',
    'https://user:pass@fcm.googleapis.com/x',
    'https://evil.example/?https://fcm.googleapis.com/',
    'not a url',
  ])('refuses anything else: %s', (endpoint) => {
    expect(isPushServiceEndpoint(endpoint, hosts)).toBe(false);
  });

  it('takes an address only when it is listed, as a test lists its own push service', () => {
    expect(isPushServiceEndpoint('https://127.0.0.1:8443/push/1', ['127.0.0.1'])).toBe(true);
    expect(isPushServiceEndpoint('https://127.0.0.2:8443/push/1', ['127.0.0.1'])).toBe(false);
  });

  it('lists only names the setting can hold', () => {
    for (const host of defaultPushServiceHosts) expect(host).toMatch(pushServiceHostPattern);
  });
});
