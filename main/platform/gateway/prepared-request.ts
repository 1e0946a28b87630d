/** A signed request, ready for the transport. */
export interface PreparedRequest {
  url: string
  headers: Record<string, string>
  body: string
}
