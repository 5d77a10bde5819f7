#if canImport(Security)
import Foundation
import Security

extension DeviceIdentity {
    /// A generic-password item of the app's own: survives reinstalling, never leaves the device.
    static func keychain(service: String) -> DeviceIdentity {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service,
            kSecAttrAccount as String: "parlor.device-id",
        ]
        return DeviceIdentity(
            load: {
                var result: AnyObject?
                var lookup = query
                lookup[kSecReturnData as String] = true
                guard SecItemCopyMatching(lookup as CFDictionary, &result) == errSecSuccess, let data = result as? Data else { return nil }
                return String(data: data, encoding: .utf8)
            },
            save: { value in
                var item = query
                item[kSecValueData as String] = Data(value.utf8)
                item[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
                SecItemDelete(query as CFDictionary)
                let status = SecItemAdd(item as CFDictionary, nil)
                guard status == errSecSuccess else { throw KeychainFailure(status: status) }
            })
    }
}

struct KeychainFailure: Error, Equatable {
    let status: OSStatus
}
#endif
