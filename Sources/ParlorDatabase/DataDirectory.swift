import Foundation

/// Creates the directory that holds local data, reporting the operating system's own reason when
/// it cannot (a path through a regular file, a read-only file system, missing permission).
public enum DataDirectory {
    public static func prepare(_ path: String) throws(DatabaseError) {
        var current = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            current += "/" + component
            if mkdir(current, 0o755) == 0 { continue }
            let code = errno
            var isDirectory: ObjCBool = false
            guard code == EEXIST, FileManager.default.fileExists(atPath: current, isDirectory: &isDirectory) else {
                throw .dataDirectoryNotWritable(path, reason: "cannot create \(current): \(String(cString: strerror(code)))")
            }
            guard isDirectory.boolValue else {
                throw .dataDirectoryNotWritable(path, reason: "\(current) is a file, not a directory")
            }
        }
        guard access(path, W_OK) == 0 else {
            throw .dataDirectoryNotWritable(path, reason: String(cString: strerror(errno)))
        }
    }
}
