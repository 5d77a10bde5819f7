/// The local store is the replica the sync manager merges into on a device.
extension LocalStatsStore: StatsReplica {}
