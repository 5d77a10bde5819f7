import StatsSync

#if canImport(CloudKit)
    import CloudKit
    import Foundation

    /// Every event as one CloudKit record in a custom zone of the user's private database, provider
    /// name "cloudkit". The record name is the event id, so saving an event twice stores it once.
    /// Fetches read the zone's changes since the previous fetch; the cursor (`ChangeFeedCursor`)
    /// carries CloudKit's server change token (archived with NSKeyedArchiver, base64) together with
    /// the version vector of everything delivered so far, which is the version this provider reports.
    ///
    /// The manager should keep a fetch's cursor only once it has merged that fetch's events.
    @available(iOS 15, macOS 12, tvOS 15, watchOS 8, visionOS 1, *)  // the async CKDatabase API
    public struct CloudKitEventStore: StatsProvider {
        public static let recordType = "StatsEvent"
        /// CloudKit refuses larger modify requests.
        public static let batchSize = 400

        public let name = "cloudkit"
        public let containerIdentifier: String?
        public let zoneName: String
        let now: @Sendable () -> Int64

        /// `containerIdentifier` nil means the app's default container.
        public init(
            containerIdentifier: String? = nil, zoneName: String = "TandemStats",
            now: @escaping @Sendable () -> Int64 = KeyValueSnapshotProvider.systemClock
        ) {
            self.containerIdentifier = containerIdentifier
            self.zoneName = zoneName
            self.now = now
        }

        // Created per call, so nothing non-Sendable is stored.
        private var container: CKContainer {
            containerIdentifier.map { CKContainer(identifier: $0) } ?? CKContainer.default()
        }
        private var zoneID: CKRecordZone.ID { CKRecordZone.ID(zoneName: zoneName, ownerName: CKCurrentUserDefaultName) }

        public func availability() async -> ProviderAvailability {
            do {
                switch try await container.accountStatus() {
                case .available: return .available
                case .noAccount: return .unavailable(reason: "no iCloud account")
                case .restricted: return .unavailable(reason: "iCloud is restricted on this device")
                case .temporarilyUnavailable: return .unavailable(reason: "iCloud is temporarily unavailable")
                case .couldNotDetermine: return .unavailable(reason: "the iCloud account status is unknown")
                @unknown default: return .unavailable(reason: "the iCloud account is not usable")
                }
            } catch {
                return .unavailable(reason: error.localizedDescription)
            }
        }

        public func fetch(missingFrom local: VersionVector, cursor: String?) async throws -> ProviderSnapshot {
            var feed = ChangeFeedCursor(encoded: cursor) ?? ChangeFeedCursor()
            var token = feed.token.flatMap(Self.unarchive)
            if feed.token != nil && token == nil { feed = ChangeFeedCursor() }
            var log = EventLog()
            var restarted = false
            var moreComing = true
            while moreComing {
                let page: Page
                do {
                    page = try await self.page(since: token)
                } catch let error as CKError where error.code == .zoneNotFound || error.code == .userDeletedZone {
                    return ProviderSnapshot(events: [], version: VersionVector(), cursor: nil)
                } catch let error as CKError where error.code == .changeTokenExpired && !restarted {
                    (feed, token, log, restarted) = (ChangeFeedCursor(), nil, EventLog(), true)
                    continue
                } catch {
                    throw Self.providerError(error)
                }
                // Events are never deleted by this app; a deletion (the user erasing data) makes the
                // carried version unreliable, so the zone is read again from the start.
                if page.hasDeletions && token != nil && !restarted {
                    (feed, token, log, restarted) = (ChangeFeedCursor(), nil, EventLog(), true)
                    continue
                }
                log.insert(contentsOf: page.events)
                token = page.token
                moreComing = page.moreComing
            }
            feed.absorb(log.events)
            feed.token = token.flatMap(Self.archive)
            return ProviderSnapshot(events: log.events(notCoveredBy: local), version: feed.version, cursor: feed.encoded)
        }

        private struct Page {
            var events: [StatsEvent]
            var hasDeletions: Bool
            var token: CKServerChangeToken
            var moreComing: Bool
        }

        /// One page of the zone's changes since `token`, with its valid events.
        private func page(since token: CKServerChangeToken?) async throws -> Page {
            let changes = try await container.privateCloudDatabase.recordZoneChanges(inZoneWith: zoneID, since: token)
            let checkedAt = now()
            var events: [StatsEvent] = []
            for result in changes.modificationResultsByID.values {
                guard case .success(let modification) = result, let event = Self.event(from: modification.record),
                    event.problems(now: checkedAt).isEmpty
                else { continue }
                events.append(event)
            }
            return Page(
                events: events, hasDeletions: !changes.deletions.isEmpty, token: changes.changeToken,
                moreComing: changes.moreComing)
        }

        public func push(_ events: [StatsEvent]) async throws {
            var zoneCreated = false
            for start in stride(from: 0, to: events.count, by: Self.batchSize) {
                let batch = Array(events[start..<min(start + Self.batchSize, events.count)])
                var failures = try await save(batch)
                if !zoneCreated, failures.contains(where: { $0.code == .zoneNotFound || $0.code == .userDeletedZone }) {
                    try await createZone()
                    zoneCreated = true
                    failures = try await save(batch)
                }
                // An existing record with this name is this very event (events are immutable).
                if let failure = failures.first(where: { $0.code != .serverRecordChanged }) {
                    throw Self.providerError(failure)
                }
            }
        }

        /// Saves one batch without overwriting; returns the per-record failures.
        private func save(_ events: [StatsEvent]) async throws -> [CKError] {
            let records = try events.map(record(for:))
            do {
                let results = try await container.privateCloudDatabase.modifyRecords(
                    saving: records, deleting: [], savePolicy: .ifServerRecordUnchanged, atomically: false)
                return results.saveResults.values.compactMap { result in
                    guard case .failure(let error) = result else { return nil }
                    return error as? CKError ?? CKError(.internalError)
                }
            } catch let error as CKError where error.code == .zoneNotFound || error.code == .userDeletedZone {
                return [error]
            } catch {
                throw Self.providerError(error)
            }
        }

        private func createZone() async throws {
            do {
                _ = try await container.privateCloudDatabase.modifyRecordZones(
                    saving: [CKRecordZone(zoneID: zoneID)], deleting: [])
            } catch {
                throw Self.providerError(error)
            }
        }

        private func record(for event: StatsEvent) throws -> CKRecord {
            let record = CKRecord(
                recordType: Self.recordType, recordID: CKRecord.ID(recordName: event.id.uuidString, zoneID: zoneID))
            // The event's wire JSON is the record's content; device and sequence are copied out
            // for inspection in the CloudKit console only.
            // (NSData, NSString and NSNumber are CKRecordValue types; unverified here whether the
            // SDK also offers the Swift types directly.)
            record["event"] = try JSONEncoder().encode(event) as NSData
            record["device"] = event.device.rawValue as NSString
            record["seq"] = NSNumber(value: event.sequence)
            return record
        }

        /// The record's event, or nil for anything that is not one (records are untrusted input).
        static func event(from record: CKRecord) -> StatsEvent? {
            guard record.recordType == recordType, let data = record["event"] as? Data,
                let event = try? JSONDecoder().decode(StatsEvent.self, from: data),
                event.id.uuidString == record.recordID.recordName
            else { return nil }
            return event
        }

        static func archive(_ token: CKServerChangeToken) -> String? {
            (try? NSKeyedArchiver.archivedData(withRootObject: token, requiringSecureCoding: true))?.base64EncodedString()
        }

        static func unarchive(_ text: String) -> CKServerChangeToken? {
            guard let data = Data(base64Encoded: text) else { return nil }
            return try? NSKeyedUnarchiver.unarchivedObject(ofClass: CKServerChangeToken.self, from: data)
        }

        static func providerError(_ error: any Error) -> StatsProviderError {
            if let error = error as? StatsProviderError { return error }
            guard let cloudKit = error as? CKError else { return .transient(error.localizedDescription) }
            switch cloudKit.code {
            case .notAuthenticated, .permissionFailure, .managedAccountRestricted, .badContainer, .missingEntitlement:
                return .unavailable(cloudKit.localizedDescription)
            case .quotaExceeded, .limitExceeded:
                return .quotaExceeded(cloudKit.localizedDescription)
            case .invalidArguments, .serverRejectedRequest, .constraintViolation, .incompatibleVersion:
                return .rejected(cloudKit.localizedDescription)
            default:
                return .transient(cloudKit.localizedDescription)
            }
        }
    }
#endif
