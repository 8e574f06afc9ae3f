import type {PageExtras} from '#src/lib/content-pages/page-extras.ts'
import {playableVideo} from '#src/lib/content-pages/video.ts'
import {FrameTabs} from './FrameTabs.tsx'
import {VideoPlayer} from './VideoPlayer.tsx'

/** /FloorPlan/videos: tab 1 (location guide) first; choosing a tab swaps the player. */
export function GuideVideoTabs({
  videos,
}: {
  videos: Extract<PageExtras, {kind: 'guideVideos'}>['videos']
}) {
  const playable = videos.flatMap((entry) => {
    const video = playableVideo(entry.video)
    return video ? [{...entry, video}] : []
  })
  return (
    <FrameTabs
      tabs={playable.map((entry) => ({
        key: entry._id,
        label: `${entry.tabId ?? ''} ${entry.title ?? ''}`.trim(),
      }))}
      label="가이드 영상"
      idPrefix="guide-video"
      renderPanel={(index) => {
        const entry = playable[index]
        return entry ? (
          <VideoPlayer key={entry._id} video={entry.video} title={entry.title ?? '가이드 영상'} />
        ) : null
      }}
    />
  )
}
