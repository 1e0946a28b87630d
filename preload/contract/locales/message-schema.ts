/**
 * The shape another locale must give a screen's English messages: the same keys at every level,
 * each leaf a string. A missing or extra key in a Russian file is then a type error.
 */
export type Translation<T> = {
  [K in keyof T]: T[K] extends string ? string : Translation<T[K]>
}
