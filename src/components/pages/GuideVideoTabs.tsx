import type {PageExtras} from '~/lib/page-extras.ts'
import {FrameTabs} from './FrameTabs.tsx'
import {VideoPlayer} from './VideoPlayer.tsx'

/** /FloorPlan/videos: tab 1 (location guide) first; choosing a tab swaps and starts its video. */
export function GuideVideoTabs({videos}: {videos: Extract<PageExtras, {kind: 'guideVideos'}>['videos']}) {
  const playable = videos.filter((video) => video.videoId)
  return (
    <FrameTabs
      tabs={playable.map((video) => ({key: video._id, label: `${video.tabId ?? ''} ${video.title ?? ''}`.trim()}))}
      label="가이드 영상"
      idPrefix="guide-video"
      renderPanel={(index, chosen) => {
        const video = playable[index]
        return video?.videoId ? <VideoPlayer videoId={video.videoId} title={`${video.title ?? '가이드 영상'} 재생기`} muted={!chosen} /> : null
      }}
    />
  )
}
