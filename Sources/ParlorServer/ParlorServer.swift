import ParlorAccounts
import ParlorHTTP
import ParlorPlay

/// ParlorServer: the Hummingbird application that serves every Parlor product.
///
/// `Application/` assembles it; `HTTP/` and `Errors/` hold the request pipeline shared by all routes
/// (request ids, access log, body limit, the error envelope); each capability is a folder of its own
/// (`System/` for health, readiness, version, metrics and the OpenAPI document).
public enum ParlorBuild {
    /// Version of this build of Parlor.
    public static let version = "0.1.0"
    /// Version of the REST contract this build implements: `info.version` of `openapi.yaml`.
    public static let apiVersion = "0.4.0"
}
