/// The page sizes a list takes from its `limit` query (the API's bounds), 25 by default.
enum ListPageSize {
    static func pageSize(_ text: String?) -> Int {
        guard let text, let value = Int(text) else { return 25 }
        return min(max(value, 1), 100)
    }
}
