/** The strings the rehearsal fills a schema's text fields with: placeholder sentences, and a sample per `format`. */

/** The sentences the rehearsal fills its text with: what a placeholder reads like (no illustration holds one). */
export const PLACEHOLDER_SENTENCES = [
  'this placeholder stands in for a sentence a model would write.',
  'the offline rehearsal fills this field without calling a model.',
  'no model was consulted, so the text only exercises the pipeline.',
  'this sentence is generated locally to test the wiring end to end.',
  'a real run would put a reasoned point here instead.',
  'the rehearsal keeps this short so the output stays readable.',
];

/** A sample value per JSON-schema string `format`, written in place of a placeholder sentence. */
export const FORMAT_SAMPLES: Record<string, string> = {
  'date-time': '2024-01-01T00:00:00Z',
  date: '2024-01-01',
  time: '12:00:00',
  duration: 'PT1H',
  email: 'rehearsal@example.com',
  hostname: 'example.com',
  uri: 'https://example.com/rehearsal',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  uuid: '00000000-0000-4000-8000-000000000000',
};
