/**
 * The video the demo directory serves for its direct video showreels (`/media/showreels/<id>.webm`):
 * 1.2 s of a 32×32 picture alternating between two colours, VP8 in WebM, 1182 bytes. A WebM
 * cannot be written without a VP8 encoder, which the service does not have (and a dependency for
 * a demo file is not worth it), so this one was recorded once with Chromium's MediaRecorder from a
 * canvas (captureStream at 10 frames a second, video/webm;codecs=vp8, 20 kbit/s) and is kept here
 * as text. Every id serves the same file: the demo shows that a video plays in the app, not which.
 */

const webmBase64 = [
  'GkXfo59ChoEBQveBAULygQRC84EIQoKEd2VibUKHgQRChYECGFOAZwEAAAAAAARtEU2bdLlNu4tTq4QVSalmU6yBbk27i1OrhBZU',
  'rmtTrIGTTbuLU6uEH0O2dVOsgdRNu4xTq4QcU7trU6yCBFvsrgAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
  'AAAAAAAAAAAVSalmoCrXsYMPQkBEiYREg6rRTYCGQ2hyb21lV0GGQ2hyb21lFlSua7yuuteBAXPFh9hptA8cECGDgQFV7oEBhoVW',
  'X1ZQOOCdsIEguoEgU8CBAVWwkFWxgQFVuYECVbqBDVW7gQEfQ7Z1AQAAAAAAA3vngQCg5KG5gQAAANACAJ0BKiAAIAACRwiFhYiZ',
  'hIgMggJ1qgP4AgghHPLQ/u+sV/6yv5lfzK/3yP/jduMN96AAdaGmpqTugQGlnzACAJ0BKiAAIAAHBwiFhYiZhIgmAgAHkPPJwP7w',
  'XQCgxqGmgQBhABECAAkQgAAYB0/4IJnzDQBGwQD+8IUP9Xah0aQT6+D7KJB1oZimlu6BAaWRsQEAHBE8ABgAGFgv9AAIcAD7gQCg',
  'zKGsgQDGABECAAkQVAAYB0gIIJnzDQA5ZgD+8EXf/2M36M36M39gD/5Ka/xtx2B1oZimlu6BAaWRsQEAHBEsABgAGFgv9AAIcAD7',
  'gWGgyKGogQEqANEBAAkQRAAYAB5X9AwAQQ4A/vY/3/5Z8/hs6nP7kB9I59Kt2HWhmKaW7oEBpZGxAQAcERwAGAAYWC/0AAhwAPuB',
  'xqDMoauBAZAA0QEACRA4ABgAHlf0DAA1BwD+8bkP/dPXtPXtPX8wf/z0zXmD/CwAdaGYppbugQGlkbEBABwQ7AAYABhYL/QACHAA',
  '+4IBKqDLoaqBAgQA0QEACRAsABgAHlf0DABBDgD++fsD/0mzxNnibPkkf/FnIxHZeAB1oZimlu6BAaWRsQEAHBDcABgAGFgv9AAI',
  'cAD7ggGQoM+hroECbwDRAQAJECQAGAAeV/QMADUHAP73tB//mu3zXb5rt/zXb/7Kx9Kx9Kx+5QB1oZimlu6BAaWRsQEAHBDAABgA',
  'GFgv9AAIcAD7ggIEoMmhqIEC0wDRAQAJEHQUYAB5X9AwAQQ4AP7xCo//gfl04Y8PxSjrUTrZ3QB1oZimlu6BAaWRsQEAHBCIFGAA',
  'YWC/0AAhwAD7ggJvoNWhtIEDPwDxAQAJEBwAGAxRT5DblHA25QD++bOX/+sovrKL6yi/6yi//dk/2yf7ZP/c7jY8eAB1oZimlu6B',
  'AaWRsQEAHBC0ABgAGFgv9AAIcAD7ggLToNChr4EDpADRAQAJEBgAGAAqV/QMALXMAP7857X/7g49g49g4/et//nYNiXa8CV77iHA',
  'daGYppbugQGlkbEBABwQoAAYABhYL/QACHAA+4IDP6DQoa+BBB0AEQIACRAQABgHOAghenLNQDr/AP776P//71kKpVdD/vWV//GU',
  'FvgDf8XMAHWhmKaW7oEBpZGxAQAcEIwAGAAYWC/0AAhwAPuCA6QcU7trjbuLs4EAt4b3gQHxgdQ=',
].join('');

/** The demo's showreel video (a new Buffer each call: the caller may keep it). */
export function demoShowreelWebm(): Buffer {
  return Buffer.from(webmBase64, 'base64');
}
