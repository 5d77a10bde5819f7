#if canImport(Security)
    import Foundation
    import Security

    /// Credentials in the Keychain as one generic password item, readable after the device's first
    /// unlock and never restored to another device. Only the Keychain calls are here; what is stored
    /// is the JSON ``FileCredentialStore`` writes, encoded and decoded by code tested on Linux.
    /// Not compiled on this project's Linux CI: checked by reading against Apple's Security headers.
    public struct KeychainCredentialStore: CredentialStore {
        public let service: String
        public let account: String

        public init(service: String, account: String = "parlor.session") {
            self.service = service
            self.account = account
        }

        private var query: [String: Any] {
            [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service, kSecAttrAccount as String: account]
        }

        public func load() async throws -> ParlorCredentials? {
            var search = query
            search[kSecReturnData as String] = true
            search[kSecMatchLimit as String] = kSecMatchLimitOne
            var result: CFTypeRef?
            let status = SecItemCopyMatching(search as CFDictionary, &result)
            if status == errSecItemNotFound { return nil }
            guard status == errSecSuccess, let data = result as? Data else { throw KeychainError(status: status) }
            return try JSONDecoder.credentials.decode(ParlorCredentials.self, from: data)
        }

        public func save(_ credentials: ParlorCredentials) async throws {
            let data = try JSONEncoder.credentials.encode(credentials)
            let attributes: [String: Any] = [
                kSecValueData as String: data, kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly,
            ]
            var status = SecItemUpdate(query as CFDictionary, attributes as CFDictionary)
            if status == errSecItemNotFound {
                status = SecItemAdd(query.merging(attributes) { $1 } as CFDictionary, nil)
            }
            guard status == errSecSuccess else { throw KeychainError(status: status) }
        }

        public func clear() async throws {
            let status = SecItemDelete(query as CFDictionary)
            guard status == errSecSuccess || status == errSecItemNotFound else { throw KeychainError(status: status) }
        }
    }

    public struct KeychainError: Error, Equatable {
        public var status: OSStatus
    }
#endif
