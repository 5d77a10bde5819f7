/// ParlorAPI: the wire contract shared by server and clients.
///
/// The REST types and server protocol are generated at build time from `openapi.yaml` (repo root,
/// linked here) by swift-openapi-generator; the document itself is compiled in as well.
public enum APIDocument {
    /// The OpenAPI document this build was generated from.
    public static var yaml: String { EmbeddedOpenAPIDocument.yaml }
}
