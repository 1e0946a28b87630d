// The row scanner's SIMD kernel (wasm32 + simd128), built by scripts/build-row-scan-wasm.mjs into
// row-scan-kernel.wasm.generated.ts. Written in C because clang's wasm_simd128.h intrinsics map
// one to one onto simd128 instructions, with no runtime, allocator or toolchain beyond clang + lld.
//
// It reads whole rows the way simdjson and simdcsv read text: 64 bytes at a time into bitmasks
// of quotes, delimiters, CR and LF; the bytes inside quotes by a prefix XOR of the quote mask
// carried across blocks (a doubled quote toggles twice, which is right for papaparse); row ends
// are CR/LF outside quotes, a row starts at the first other byte after one (blank lines are not
// rows). It commits only the rows that read alike in RowScanner's state machine and in any RFC
// 4180 reader: quotes opening only at a field's start, closing only before a delimiter, a line
// break or another quote, and as many fields as the header. At anything else (or at the end of
// the bytes) it stops between rows, and RowScanner's state machine reads on from there.

#include <stdint.h>
#include <wasm_simd128.h>

#define BLOCK 64
// RowScanner feeds at most this many bytes at a time (its SCAN_SLICE_BYTES).
#define INPUT_CAPACITY (64 * 1024)

// The bytes to scan, then a block's worth of room: the last block is loaded whole and masked.
static uint8_t input[INPUT_CAPACITY + BLOCK];
// Where each committed row starts in the file (`base` + its offset into `input`): doubles, as
// RowScanner keeps them, so that it appends them with one copy (a row takes at least 2 bytes).
static double row_starts[INPUT_CAPACITY / 2 + 1];
// What `scan` found: where it stopped, the line breaks before that, rows committed, and where
// the last committed row's content ends (its line break).
static uint32_t result[4];

__attribute__((export_name("input_address"))) uint8_t *input_address(void) { return input; }
__attribute__((export_name("input_capacity"))) uint32_t input_capacity(void) {
  return INPUT_CAPACITY;
}
__attribute__((export_name("row_starts_address"))) double *row_starts_address(void) {
  return row_starts;
}
__attribute__((export_name("result_address"))) uint32_t *result_address(void) { return result; }

static inline uint64_t mask_of(v128_t a, v128_t b, v128_t c, v128_t d, v128_t byte) {
  return (uint64_t)wasm_i8x16_bitmask(wasm_i8x16_eq(a, byte)) |
         (uint64_t)wasm_i8x16_bitmask(wasm_i8x16_eq(b, byte)) << 16 |
         (uint64_t)wasm_i8x16_bitmask(wasm_i8x16_eq(c, byte)) << 32 |
         (uint64_t)wasm_i8x16_bitmask(wasm_i8x16_eq(d, byte)) << 48;
}

// Bit i set when an odd number of bits up to and including i are set (no carry-less multiply in
// wasm: six shifts).
static inline uint64_t prefix_xor(uint64_t bits) {
  bits ^= bits << 1;
  bits ^= bits << 2;
  bits ^= bits << 4;
  bits ^= bits << 8;
  bits ^= bits << 16;
  bits ^= bits << 32;
  return bits;
}

static inline int is_special(uint8_t byte, uint8_t delimiter) {
  return byte == '"' || byte == delimiter || byte == '\r' || byte == '\n';
}

// Scans input[from, length) from between rows (after a line break, the header read), input
// being at offset `base` of the file. The byte before `from` was a CR when `previous_is_cr`: an
// LF right after it ends no other line.
__attribute__((export_name("scan"))) void scan(double base, uint32_t from, uint32_t length,
                                               uint32_t delimiter, uint32_t header_fields,
                                               uint32_t previous_is_cr) {
  const v128_t quote_byte = wasm_i8x16_splat('"');
  const v128_t delimiter_byte = wasm_i8x16_splat((int8_t)delimiter);
  const v128_t cr_byte = wasm_i8x16_splat('\r');
  const v128_t lf_byte = wasm_i8x16_splat('\n');
  // Carried from the previous block, as bit 0 (or all bits for `in_quotes`).
  uint64_t in_quotes = 0;
  uint64_t after_special = 1; // between rows: a quote here opens a field
  uint64_t after_break = 1;   // between rows: a line break here ends no row
  uint64_t after_cr = previous_is_cr & 1;
  uint32_t lines = 0, rows = 0, delimiters = 0, row_start = 0;
  uint32_t stop = from, stop_lines = 0, content_end = 0;

  for (uint32_t block = from; block < length; block += BLOCK) {
    const uint8_t *bytes = input + block;
    const v128_t a = wasm_v128_load(bytes), b = wasm_v128_load(bytes + 16),
                 c = wasm_v128_load(bytes + 32), d = wasm_v128_load(bytes + 48);
    const uint32_t left = length - block;
    const uint64_t valid = left >= BLOCK ? ~0ull : (1ull << left) - 1;
    const uint64_t quotes = mask_of(a, b, c, d, quote_byte) & valid;
    const uint64_t delims = mask_of(a, b, c, d, delimiter_byte) & valid;
    const uint64_t crs = mask_of(a, b, c, d, cr_byte) & valid;
    const uint64_t lfs = mask_of(a, b, c, d, lf_byte) & valid;

    // Inside quotes after each byte: an opening quote is inside, its closing quote outside.
    const uint64_t inside = prefix_xor(quotes) ^ in_quotes;
    in_quotes = (uint64_t)((int64_t)inside >> 63);
    const uint64_t special = quotes | delims | crs | lfs;
    const uint64_t next_special =
        left > BLOCK && is_special(bytes[BLOCK], (uint8_t)delimiter) ? 1ull << 63 : 0;
    // A quote opening anywhere but at a field's start (or after a closing quote: `""`), or
    // closing before anything but a delimiter, a line break or a quote: papaparse's own reading.
    const uint64_t odd = (quotes & inside & ~(special << 1 | after_special)) |
                         (quotes & ~inside & ~(special >> 1 | next_special));
    after_special = special >> 63;

    // A CR, or an LF not after a CR, starts a line (inside quotes too).
    const uint64_t line_breaks = crs | (lfs & ~(crs << 1 | after_cr));
    after_cr = crs >> 63;
    const uint64_t breaks = (crs | lfs) & ~inside;
    const uint64_t field_ends = delims & ~inside;
    const uint64_t row_ends = breaks & ~(breaks << 1 | after_break);
    const uint64_t row_begins = ~breaks & valid & (breaks << 1 | after_break);
    after_break = breaks >> 63;

    // Rows that end before the first odd quote; the row holding it is the state machine's.
    const uint64_t before_odd = odd ? (odd & -odd) - 1 : ~0ull;
    uint64_t events = (row_begins | row_ends) & before_odd;
    uint64_t counted = 0; // the bits whose delimiters are counted already
    while (events) {
      const uint32_t bit = (uint32_t)__builtin_ctzll(events);
      const uint64_t at = 1ull << bit;
      events &= events - 1;
      if (at & row_ends) {
        delimiters += (uint32_t)__builtin_popcountll(field_ends & (at - 1) & ~counted);
        if (delimiters + 1 != header_fields) goto done;
        row_starts[rows++] = base + row_start;
        content_end = block + bit;
        stop = block + bit + 1;
        stop_lines = lines + (uint32_t)__builtin_popcountll(line_breaks & ((at << 1) - 1));
        counted = (at << 1) - 1;
      } else {
        row_start = block + bit;
        delimiters = 0;
        counted = at - 1; // a row may begin with a delimiter (an empty first field)
      }
    }
    if (odd) goto done;
    delimiters += (uint32_t)__builtin_popcountll(field_ends & ~counted);
    lines += (uint32_t)__builtin_popcountll(line_breaks);
  }
done:
  result[0] = stop;
  result[1] = stop_lines;
  result[2] = rows;
  result[3] = content_end;
}
