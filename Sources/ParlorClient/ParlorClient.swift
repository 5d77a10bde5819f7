/// ParlorClient: the typed client of the Parlor API for apps and tools, built on the client that
/// `ParlorAPI` generates from `openapi.yaml` over any `ClientTransport` (URLSession on Apple
/// platforms, AsyncHTTPClient on Linux), and the Parlor stats-sync provider built on it.
public enum ParlorClientInfo {}
