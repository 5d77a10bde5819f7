/// StatsSync: Tandem's offline-first game statistics.
///
/// Statistics are never stored as numbers that devices overwrite. Every completed game, setting
/// change and reset is an immutable `StatsEvent`; a device's log is a grow-only set of them, merged
/// by set union, and every figure a player sees is a deterministic projection of that set. Two
/// devices that each play one game offline therefore both end with both games, whatever order
/// they sync in and however often a delivery is repeated.
///
/// The module is pure Foundation so it builds for Linux and iOS, and holds only what the server
/// and the API contract share with devices: the model, the log, projections, conflicts and the
/// conversion of legacy figures. The device side (the local append-only file, the providers and
/// `StatsSyncManager`, the migration of a device's legacy files) is `StatsSyncDevice`, which the
/// server does not link.
public enum StatsSyncSchema {
    /// The version of the event format and of the local store's layout.
    public static let version = 2
}
