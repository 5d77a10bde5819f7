import ArgumentParser
import ParlorServer

/// `parlor version`: the build and contract versions.
struct Version: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Print the Parlor version.")

    func run() {
        print("parlor \(ParlorBuild.version) (API \(ParlorBuild.apiVersion))")
    }
}
