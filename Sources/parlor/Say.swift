import Foundation

/// Prints `line` straight to standard output, unbuffered: a script (or a test) reading a pipe sees
/// each line as it happens, not when the process ends, as `print` would leave it.
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
