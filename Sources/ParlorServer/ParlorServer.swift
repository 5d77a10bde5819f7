/// ParlorServer: the application root that serves every Parlor product.
///
/// `Application/` assembles the capability targets (ParlorAccounts, ParlorMiniApps, ParlorSync,
/// ParlorPlay, ParlorRealtime) on the shared request pipeline of ParlorHTTP, with their
/// migrations in order; `System/` answers health, readiness, versions, metrics and the contract.
public enum ParlorBuild {
    /// Version of this build of Parlor.
    public static let version = "0.1.0"
    /// Version of the REST contract this build implements: `info.version` of `openapi.yaml`.
    public static let apiVersion = "0.8.0"
}
