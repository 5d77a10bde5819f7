import Foundation
import Testing

/// Apps/project.yml names only files that exist, every view file belongs to an app, and the apps
/// carry the identities and capabilities the rest of the repository already names.
@Suite struct ProjectSpecTests {
    let spec: ProjectSpec

    init() throws {
        spec = try ProjectSpec.load()
    }

    @Test func theLocalPackageIsThisRepository() throws {
        let path = try #require(spec.packagePath)
        let package = ShellLayout.apps.appendingPathComponent(path).appendingPathComponent("Package.swift").standardizedFileURL
        #expect(package.path == ShellLayout.root.appendingPathComponent("Package.swift").standardizedFileURL.path)
    }

    @Test func everyAppTargetIsAnAppShell() {
        #expect(spec.targets.map(\.name) == ShellLayout.appShells)
    }

    @Test func everyNamedSourceFolderExists() {
        for target in spec.targets {
            #expect(!target.sources.isEmpty, "\(target.name) has no sources")
            for source in target.sources {
                var isDirectory: ObjCBool = false
                let exists = FileManager.default.fileExists(atPath: ShellLayout.apps.appendingPathComponent(source).path, isDirectory: &isDirectory)
                #expect(exists, "\(target.name) names Apps/\(source), which does not exist")
            }
        }
    }

    /// XcodeGen writes the Info.plist and the entitlements from project.yml; they go in the app's own folder.
    @Test func generatedFilesGoInTheAppsFolder() {
        for target in spec.targets {
            for path in [target.infoPath, target.entitlementsPath] {
                let folder = path.map { ($0 as NSString).deletingLastPathComponent }
                #expect(folder != nil && target.sources.contains(folder ?? ""), "\(target.name) writes \(path ?? "nothing") outside its folder")
            }
        }
    }

    @Test func everyLinkedProductIsALibraryOfThePackage() throws {
        let manifest = try String(contentsOf: ShellLayout.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        for target in spec.targets {
            for product in target.products {
                #expect(manifest.contains(".library(name: \"\(product)\""), "\(target.name) links \(product), which Package.swift does not offer")
            }
        }
    }

    /// Each Swift file under Apps/ is in an app's sources (the stand-in is the check's, not an app's).
    @Test func everyShellFileBelongsToAnApp() {
        let sourceFolders = spec.targets.flatMap(\.sources).map { ShellLayout.apps.appendingPathComponent($0).standardizedFileURL.path + "/" }
        let files = ShellLayout.swiftFiles(in: ShellLayout.apps).map { $0.standardizedFileURL.path }
            .filter { !$0.hasPrefix(ShellLayout.standIn.standardizedFileURL.path + "/") }
        #expect(!files.isEmpty)
        for file in files {
            #expect(sourceFolders.contains { file.hasPrefix($0) }, "\(file) belongs to no app target")
        }
    }

    /// Each view target is linked by an app, with the feature library it shows.
    @Test func everyViewTargetIsLinked() {
        let linked = Set(spec.targets.flatMap(\.products))
        for viewTarget in ShellLayout.viewTargets {
            #expect(linked.contains(viewTarget), "no app links \(viewTarget)")
        }
        for target in spec.targets {
            #expect(target.products.contains("AppFoundationUI"), "\(target.name) lacks AppFoundationUI")
            let ui = target.products.filter { $0.hasSuffix("UI") && $0 != "AppFoundationUI" }
            let features = target.products.filter { $0.hasSuffix("Feature") }
            #expect(ui.count == 1 && features.count == 1, "\(target.name) links \(ui) and \(features)")
        }
    }

    /// An app module named like one of the package's (the Quortex target and the Quortex rules)
    /// cannot import the views that import that module.
    @Test func noAppModuleIsNamedLikeAPackageModule() throws {
        let modules = Set(ShellLayout.directories(in: ShellLayout.root.appendingPathComponent("Sources")))
        for app in try ProjectSpec.load().targets {
            #expect(!modules.contains(app.moduleName), "\(app.name)'s module \(app.moduleName) is also a package module")
        }
    }

    @Test func bundleIDsAreTheOnesTheServerKnows() throws {
        let catalogue = try String(
            contentsOf: ShellLayout.root.appendingPathComponent("Sources/ParlorPurchases/Catalogue/DefaultCatalogue.swift"), encoding: .utf8)
        let named = catalogue.matches(of: try Regex(#""bundle_id": "([^"]+)""#)).compactMap { $0.output[1].substring.map(String.init) }
        let ours = Set(spec.targets.compactMap(\.bundleID))
        #expect(!named.isEmpty)
        #expect(Set(named).isSubset(of: ours), "catalogue: \(named), project: \(ours)")
        #expect(ours == ["com.quortex.app", "com.oneforboys.app", "com.topdog.app", "com.tandemdaily.app", "com.pubgames.app"])
    }

    @Test func everyAppSignsInWithAppleAndHasItsAppGroup() throws {
        for target in spec.targets {
            let bundleID = try #require(target.bundleID)
            #expect(target.entitlements["com.apple.developer.applesignin"] as? [String] == ["Default"], "\(target.name)")
            #expect(target.entitlements["com.apple.security.application-groups"] as? [String] == ["group.\(bundleID)"], "\(target.name)")
            #expect(target.info["UILaunchScreen"] != nil, "\(target.name) has no launch screen")
        }
    }

    /// OneForTheBoys may browse exactly the services PartyNetwork advertises, and says why.
    @Test func oneForTheBoysDeclaresItsLocalNetworkServices() throws {
        let party = try #require(spec.targets.first { $0.name == "OneForTheBoys" })
        let txt = try String(
            contentsOf: ShellLayout.root.appendingPathComponent("Sources/PartyNetwork/Discovery/LobbyAdvertisement+TXT.swift"), encoding: .utf8)
        let bonjour = try #require(txt.firstMatch(of: try Regex(#"bonjourServiceType = "([^"]+)""#))?.output[1].substring)
        let multipeer = try #require(txt.firstMatch(of: try Regex(#"multipeerServiceType = "([^"]+)""#))?.output[1].substring)
        let services = Set(party.info["NSBonjourServices"] as? [String] ?? [])
        #expect(services == [String(bonjour), "_\(multipeer)._tcp", "_\(multipeer)._udp"])
        #expect((party.info["NSLocalNetworkUsageDescription"] as? String)?.isEmpty == false)
    }

    /// Every usage-description key has a sentence (an empty one is rejected by App Review).
    @Test func everyPrivacyStringSaysWhy() {
        for target in spec.targets {
            for (key, value) in target.info where key.hasSuffix("UsageDescription") {
                #expect((value as? String)?.count ?? 0 > 10, "\(target.name) \(key)")
            }
        }
    }
}
