/// Seats entries in pods, best seeds first, each into the pod holding the fewest entries of the
/// same user (then the emptiest, then the first): one user's entries meet only when there are
/// more of them than pods.
public enum PodSeating {
    public static func seat(_ seeded: [(entry: String, user: String)], podSize: Int) -> [[String]] {
        guard !seeded.isEmpty else { return [] }
        let podCount = (seeded.count + podSize - 1) / podSize
        var pods = Array(repeating: [String](), count: podCount)
        var usersIn = Array(repeating: [String: Int](), count: podCount)
        for (entry, user) in seeded {
            var best: Int?
            for pod in pods.indices where pods[pod].count < podSize {
                guard let current = best else {
                    best = pod
                    continue
                }
                let key = (usersIn[pod][user, default: 0], pods[pod].count)
                if key < (usersIn[current][user, default: 0], pods[current].count) { best = pod }
            }
            guard let pod = best else { break }
            pods[pod].append(entry)
            usersIn[pod][user, default: 0] += 1
        }
        return pods
    }
}
