import Foundation
import ParlorPurchases

/// What `parlor serve` sells and whose signatures it trusts: the bundled catalogue and Apple's
/// root unless `purchases_catalogue` (a JSON file) or `purchases_root_file` (a PEM) say otherwise.
extension SettingSources {
    func purchasesConfiguration() throws(CommandFailure) -> PurchasesConfiguration {
        let standard = PurchasesConfiguration()
        var catalogue = standard.catalogue
        if let path = string(nil, .purchasesCatalogue) {
            guard let data = FileManager.default.contents(atPath: path) else { throw CommandFailure(.usage, "cannot read purchases_catalogue \(path)") }
            do {
                catalogue = try ProductCatalogue.load(json: data)
            } catch {
                throw CommandFailure(.usage, "purchases_catalogue \(path): \(error)")
            }
        }
        var root = standard.rootPEM
        if let path = string(nil, .purchasesRootFile) {
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { throw CommandFailure(.usage, "cannot read purchases_root_file \(path)") }
            do {
                _ = try AppStoreVerifier(rootPEM: text)
            } catch {
                throw CommandFailure(.usage, "purchases_root_file \(path) is not a PEM certificate: \(error)")
            }
            root = text
        }
        var environments = standard.environments
        if let list = string(nil, .purchasesEnvironments) {
            environments = Set(list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
            guard !environments.isEmpty, environments.isSubset(of: ["Production", "Sandbox"]) else {
                throw CommandFailure(.usage, "purchases_environments must list Production and/or Sandbox, got '\(list)'")
            }
        }
        var configuration = PurchasesConfiguration(catalogue: catalogue, rootPEM: root, environments: environments)
        configuration.freeHistoryDays = standard.freeHistoryDays
        return configuration
    }
}
