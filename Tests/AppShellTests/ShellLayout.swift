import Foundation
import TestSupport

/// Where the apps' shell lives in this repository, and which files the check covers.
enum ShellLayout {
    static let root = repositoryRoot()
    static let apps = root.appendingPathComponent("Apps")
    static let standIn = apps.appendingPathComponent("SwiftUICheck")
    static let projectSpec = apps.appendingPathComponent("project.yml")

    /// The stand-in modules, in the order they are built (AuthenticationServices and UIKit import
    /// SwiftUI; StoreKit, GameKit and UserNotifications stand alone).
    static let standInModules = ["SwiftUI", "AuthenticationServices", "UIKit", "StoreKit", "GameKit", "UserNotifications"]

    /// The SwiftUI view targets, each after the view targets it imports.
    static let viewTargets = ["AppFoundationUI", "QuortexUI", "PartyUI", "TopDogUI", "TandemUI", "PubGamesUI"]

    /// The app shells: each folder under Apps/ holding an `@main` App (the stand-in's aside).
    static var appShells: [String] {
        directories(in: apps).filter { $0 != "SwiftUICheck" }.sorted()
    }

    static func viewTargetDirectory(_ target: String) -> URL {
        root.appendingPathComponent("Sources").appendingPathComponent(target)
    }

    /// Every view file: the view targets' sources and the app shells' sources.
    static var viewFiles: [URL] {
        viewTargets.flatMap { swiftFiles(in: viewTargetDirectory($0)) } + appShells.flatMap { swiftFiles(in: apps.appendingPathComponent($0)) }
    }

    /// A view file's path from the repository's root, as the tests name it.
    static func relative(_ url: URL) -> String {
        String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))
    }

    /// The `.swift` files in a folder and its subfolders, sorted.
    static func swiftFiles(in directory: URL) -> [URL] {
        guard let walker = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil) else { return [] }
        return walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
    }

    static func directories(in directory: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { name in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: directory.appendingPathComponent(name).path, isDirectory: &isDirectory)
                && isDirectory.boolValue && !name.hasPrefix(".")
        }
    }
}
