import Foundation
import Pictures
import Testing

@testable import StandIns

/// Every breed's first picture drawn for real, the way `serve` draws it: a JPEG of the file's
/// size, the same bytes twice, different breeds different pictures. The files are written to
/// /tmp/dog-samples for a person to look at.
@Suite struct DogPictureSampleTests {
    @Test func everyFolderDrawsAJPEGOfItsSize() throws {
        let directory = URL(fileURLWithPath: "/tmp/dog-samples")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var seen = Set<[UInt8]>()
        // Every fourth folder: a debug build draws slowly.
        for folder in DogBreeds.shared.folders.enumerated().filter({ $0.offset % 4 == 0 }).map(\.element) {
            let file = folder.files[0]
            let variant = TheCatAPIStandIn.fnv1a(folder.name + "/" + file)
            let (width, height) = DogCeoStandIn.size(of: variant)
            let image = DogPicture.draw(folder.look, variant: variant, width: width, height: height)
            #expect(image.width == width && image.height == height)
            let jpeg = image.encoded(as: .jpeg)
            #expect(jpeg.starts(with: [0xFF, 0xD8, 0xFF]), "\(folder.name)")
            #expect(seen.insert(jpeg).inserted, "\(folder.name) repeats another picture")
            try? Data(jpeg).write(to: directory.appendingPathComponent(folder.name + ".jpg"))
        }
        let again = DogBreeds.shared.folders[0]
        let variant = TheCatAPIStandIn.fnv1a(again.name + "/" + again.files[0])
        #expect(
            DogPicture.draw(again.look, variant: variant, width: 64, height: 48)
                == DogPicture.draw(again.look, variant: variant, width: 64, height: 48))
    }
}
