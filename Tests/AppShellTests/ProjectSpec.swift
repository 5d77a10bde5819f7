import Foundation
import Yams

/// Apps/project.yml as the tests read it: each app target with its templates applied.
struct ProjectSpec {
    struct AppTarget {
        let name: String
        let sources: [String]
        let products: [String]
        let bundleID: String?
        /// The app's Swift module (PRODUCT_MODULE_NAME); Xcode's default is the target's name.
        let moduleName: String
        let infoPath: String?
        let info: [String: Any]
        let entitlementsPath: String?
        let entitlements: [String: Any]
    }

    struct Invalid: Error, CustomStringConvertible {
        let description: String
    }

    let packagePath: String?
    let targets: [AppTarget]

    static func load() throws -> ProjectSpec {
        let text = try String(contentsOf: ShellLayout.projectSpec, encoding: .utf8)
        guard let spec = try Yams.load(yaml: text) as? [String: Any] else { throw Invalid(description: "project.yml is not a mapping") }
        let packages = spec["packages"] as? [String: Any]
        let parlor = packages?["Parlor"] as? [String: Any]
        let templates = spec["targetTemplates"] as? [String: Any] ?? [:]
        let targets = (spec["targets"] as? [String: Any] ?? [:]).sorted { $0.key < $1.key }.map { name, value in
            appTarget(name, value as? [String: Any] ?? [:], templates: templates)
        }
        return ProjectSpec(packagePath: parlor?["path"] as? String, targets: targets)
    }

    private static func appTarget(_ name: String, _ target: [String: Any], templates: [String: Any]) -> AppTarget {
        let applied = (target["templates"] as? [String] ?? []).compactMap { templates[$0] as? [String: Any] }
        let dependencies = (applied + [target]).flatMap { $0["dependencies"] as? [[String: Any]] ?? [] }
        let sources = (target["sources"] as? [Any] ?? []).compactMap { source in
            (source as? String) ?? ((source as? [String: Any])?["path"] as? String)
        }
        let settings = (target["settings"] as? [String: Any])?["base"] as? [String: Any]
        let info = target["info"] as? [String: Any]
        let entitlements = target["entitlements"] as? [String: Any]
        return AppTarget(
            name: name, sources: sources, products: dependencies.compactMap { $0["product"] as? String },
            bundleID: settings?["PRODUCT_BUNDLE_IDENTIFIER"] as? String, moduleName: settings?["PRODUCT_MODULE_NAME"] as? String ?? name,
            infoPath: info?["path"] as? String, info: info?["properties"] as? [String: Any] ?? [:],
            entitlementsPath: entitlements?["path"] as? String, entitlements: entitlements?["properties"] as? [String: Any] ?? [:])
    }
}
