import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { PDF_MEDIA_TYPE, userGuideItemParams, userGuideResourcesResponse, userGuideVideosResponse, WEBVTT_MEDIA_TYPE } from '../guide.ts';

/** The user guide's PDFs and videos. */
export const userGuideEndpoints = {
  resources: defineEndpoint({
    method: 'GET',
    path: '/api/user-guide-resources/',
    access: 'user',
    tag: 'guide',
    summary: "The user guide's PDFs, each with its content in base64",
    response: { 200: userGuideResourcesResponse },
    errors: [401, 403],
  }),
  resourceFile: defineEndpoint({
    method: 'GET',
    path: '/api/user-guide-resources/:id/file/',
    access: 'user',
    tag: 'guide',
    summary: 'One user guide PDF as a download',
    params: userGuideItemParams,
    response: { 200: z.string().describe('The PDF') },
    errors: [400, 401, 403, 404],
    file: { mediaTypes: [PDF_MEDIA_TYPE] },
  }),
  videos: defineEndpoint({
    method: 'GET',
    path: '/api/user-guide-videos/',
    access: 'public',
    tag: 'guide',
    summary: "The user guide's videos, with the addresses of their files, posters and captions (public: the landing page shows them too)",
    response: { 200: userGuideVideosResponse },
    errors: [],
  }),
  videoFile: defineEndpoint({
    method: 'GET',
    path: '/api/user-guide-videos/:id/video/',
    access: 'public',
    tag: 'guide',
    summary: 'One guide video (byte ranges supported)',
    params: userGuideItemParams,
    response: { 200: z.string().describe('The video (206 with a byte range of it when asked for one)') },
    errors: [400, 404],
    file: { mediaTypes: ['video/webm', 'video/mp4'] },
  }),
  videoPoster: defineEndpoint({
    method: 'GET',
    path: '/api/user-guide-videos/:id/poster/',
    access: 'public',
    tag: 'guide',
    summary: "One guide video's poster image",
    params: userGuideItemParams,
    response: { 200: z.string().describe('The poster image') },
    errors: [400, 404],
    file: { mediaTypes: ['image/webp', 'image/png', 'image/jpeg'] },
  }),
  videoCaptions: defineEndpoint({
    method: 'GET',
    path: '/api/user-guide-videos/:id/captions/',
    access: 'public',
    tag: 'guide',
    summary: "One guide video's captions (WebVTT)",
    params: userGuideItemParams,
    response: { 200: z.string().describe('WebVTT captions') },
    errors: [400, 404],
    file: { mediaTypes: [WEBVTT_MEDIA_TYPE] },
  }),
} as const;
